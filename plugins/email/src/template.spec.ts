import { expect } from 'chai';
import { renderTemplate } from './template';

describe('email: templates', () => {
  const data = { user: { username: 'ada', email: 'ada@example.com', tags: ['a', 'b'], name: '<b>Ada</b>', nothing: null }, URL: 'https://front.example.com/reset', TOKEN: 'abc' };

  it('fill <%= path %> placeholders from the data, with or without spaces, at any depth', () => {
    expect(renderTemplate('Hi <%= user.username %> (<%=user.email%>), <%= user.tags[1] %>', data)).to.equal('Hi ada (ada@example.com), b');
    expect(renderTemplate('<%= URL %>?code=<%= TOKEN %>', data)).to.equal('https://front.example.com/reset?code=abc');
  });

  it('put null as nothing, escape with <%- %> only', () => {
    expect(renderTemplate('[<%= user.nothing %>]', data)).to.equal('[]');
    expect(renderTemplate('<%= user.name %> <%- user.name %>', data)).to.equal('<b>Ada</b> &lt;b&gt;Ada&lt;/b&gt;');
  });

  it('leave placeholders the data does not answer, prototype properties included, as written', () => {
    expect(renderTemplate('<%= user.password %> <%= constructor %> <%= user.username.length %> <%= __proto__ %>', data)).to.equal(
      '<%= user.password %> <%= constructor %> <%= user.username.length %> <%= __proto__ %>',
    );
  });

  it('never run code: evaluation blocks and expressions stay text', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal's placeholder, as plain text, is one of the attempts
    const attempts = ['<% process.exit(1) %>', "<%= process.mainModule.require('child_process').execSync('id') %>", '<%= user.username + 1 %>', "<%= user['username'] %>", '${user.username}'];
    for (const attempt of attempts) expect(renderTemplate(attempt, data)).to.equal(attempt);
  });
});
