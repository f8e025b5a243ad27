/**
 * The routes of the panel (under /admin): the sign-in pages while signed out, else the shell
 * with the content manager, the registered pages (media library, settings) and the home page.
 */
import { Center, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { LoginPage } from './auth/login-page';
import { RegisterPage } from './auth/register-page';
import { EditView } from './content/edit-view';
import { ListView } from './content/list-view';
import { loadExtensions } from './global';
import { HomePage } from './home-page';
import { Layout } from './layout';
import { onRegistryChange, registeredPages } from './registry';
import { useSession, useSessionState } from './session';
import { ForbiddenPage, visiblePages } from './pages';

export function App() {
  return (
    <Router base="/admin">
      <Root />
    </Router>
  );
}

function Root() {
  const { status } = useSessionState();
  if (status === 'loading')
    return (
      <Center h="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  if (status === 'signed-out')
    return (
      <Switch>
        <Route path="/auth/register-admin" component={RegisterPage} />
        <Route path="/auth/login" component={LoginPage} />
        <Route>
          <Redirect to="/auth/login" />
        </Route>
      </Switch>
    );
  return <SignedIn />;
}

function SignedIn() {
  const session = useSession();
  const [, setVersion] = useState(0);
  const [location] = useLocation();
  useEffect(() => onRegistryChange(() => setVersion((v) => v + 1)), []);
  useEffect(() => {
    void loadExtensions();
  }, []);
  const pages = visiblePages(session, registeredPages());
  const page = pages.find((p) => location === p.path || location.startsWith(`${p.path}/`));
  const blocked = registeredPages().find((p) => (location === p.path || location.startsWith(`${p.path}/`)) && !pages.includes(p));
  return (
    <Layout pages={pages}>
      <Switch>
        <Route path="/auth/*">
          <Redirect to="/" />
        </Route>
        <Route path="/content-manager/:kind/:uid/:id">{(params) => <EditView key={`${params.uid}/${params.id}`} uid={params.uid} id={params.id} />}</Route>
        <Route path="/content-manager/single-types/:uid">{(params) => <EditView key={params.uid} uid={params.uid} id="single" />}</Route>
        <Route path="/content-manager/collection-types/:uid">{(params) => <ListView key={params.uid} uid={params.uid} />}</Route>
        <Route path="/">
          <HomePage />
        </Route>
        <Route>{page ? <page.component rest={location.slice(page.path.length)} /> : blocked ? <ForbiddenPage /> : <NotFound />}</Route>
      </Switch>
    </Layout>
  );
}

function NotFound() {
  return <p>This page does not exist.</p>;
}
