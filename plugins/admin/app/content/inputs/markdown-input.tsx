/**
 * Rich text: a Markdown editor with a preview tab. The preview's HTML comes from `marked`
 * and is sanitized by DOMPurify before it is shown; both load on first preview only, so they
 * are no part of the panel's first load.
 */
import { Input, Paper, Tabs, Textarea, TypographyStylesProvider } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { FieldInputProps } from '../../registry';

async function render(markdown: string): Promise<string> {
  const [{ marked }, { default: DOMPurify }] = await Promise.all([import('marked'), import('dompurify')]);
  return DOMPurify.sanitize(await marked.parse(markdown, { async: true }));
}

export function MarkdownInput({ name, label, attribute, value, onChange, error, disabled }: FieldInputProps) {
  const [tab, setTab] = useState<string | null>('write');
  const [html, setHtml] = useState('');
  const text = typeof value === 'string' ? value : '';
  useEffect(() => {
    if (tab !== 'preview') return;
    let current = true;
    void render(text).then((out) => {
      if (current) setHtml(out);
    });
    return () => {
      current = false;
    };
  }, [tab, text]);
  return (
    <Input.Wrapper label={label} error={error} required={attribute.required === true} labelElement="div">
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="write">Write</Tabs.Tab>
          <Tabs.Tab value="preview">Preview</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="write" pt={4}>
          <Textarea name={name} aria-label={label} autosize minRows={6} disabled={disabled} value={text} onChange={(e) => onChange(e.currentTarget.value)} styles={{ input: { fontFamily: 'monospace' } }} />
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt={4}>
          <Paper withBorder p="sm" mih={120}>
            <TypographyStylesProvider>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify above */}
              <div dangerouslySetInnerHTML={{ __html: html }} />
            </TypographyStylesProvider>
          </Paper>
        </Tabs.Panel>
      </Tabs>
    </Input.Wrapper>
  );
}
