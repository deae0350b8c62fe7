// test-runner: no database
/**
 * The rules by which the README test reads the README and its guides (readme-blocks.ts), on
 * made-up pages: the guides the map lists and their order, where each block is (file, line,
 * heading), and how an output is checked against the answer a page shows.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { anchorsOf, answerProblems, guideMap, linkProblems, readmeBlocks, type Block } from './readme-blocks.js';

describe('reading the README and its guides', () => {
  it('takes the guides in the order the map lists them, and nothing from other sections', () => {
    const readme = [
      '# Tidings',
      '[not a guide](docs/guides/routing.md)',
      '## Guides',
      '',
      '1. [Sending](docs/guides/sending.md): what happens after 201.',
      '2. [Files](docs/guides/files.md): uploads,',
      '   and [a link inside an item](docs/guides/events.md).',
      '10. [Development](docs/guides/development.md): the tests.',
      '### Not the end of the map',
      '3. [Events](docs/guides/events.md)',
      '## Documentation',
      '4. [Later](docs/guides/typed-client.md)',
    ].join('\n');
    assert.deepEqual(guideMap(readme), [
      'docs/guides/sending.md',
      'docs/guides/files.md',
      'docs/guides/development.md',
      'docs/guides/events.md',
    ]);
    assert.throws(() => guideMap('# Tidings\n'), /no "## Guides" section/);
    assert.throws(() => guideMap('## Guides\n\nNone yet.\n'), /lists no guide/);
  });

  it('names each block by its file, line and heading, and links it to the answer shown after it', () => {
    const page = [
      '# Files',
      '',
      'Upload one:',
      '',
      '```sh',
      'curl -s localhost:3000/v1/media/',
      '```',
      '',
      '```json',
      '{"id":"med_1"}',
      '```',
      '',
      '## Deleting files',
      '<!-- readme-test: skip (needs the service stopped) -->',
      '```sh',
      'npx tidings restore backup.sqlite',
      '```',
    ].join('\n');
    const blocks = readmeBlocks(page, 'docs/guides/files.md');
    assert.deepEqual(
      blocks.map((b) => [b.file, b.line, b.lang, b.section, b.note?.kind ?? null, b.expected?.line ?? null]),
      [
        ['docs/guides/files.md', 5, 'sh', 'Files', null, 9],
        ['docs/guides/files.md', 9, 'json', 'Files', null, null],
        ['docs/guides/files.md', 15, 'sh', 'Deleting files', 'skip', null],
      ],
    );
    assert.throws(
      () => readmeBlocks('# X\n```sh\necho\n', 'docs/guides/files.md'),
      /^Error: docs\/guides\/files\.md:2: /,
    );
  });

  it('finds links to files the repository lacks and to headings a page lacks, as GitHub names them', () => {
    const pages: Record<string, string> = {
      'README.md': '# Tidings\n',
      'docs/api.md': '# API\n<a id="d20"></a>\n### D20. Templates\n',
      'docs/guides/files.md':
        "# Files\n## Deleting files, and how long they're kept\n## Sending: `send-batch`\n## Sending: `send-batch`\n```sh\n# not a heading\n```\n",
      'docs/guides': '',
    };
    assert.deepEqual(
      [...anchorsOf(pages['docs/guides/files.md']!)],
      ['files', 'deleting-files-and-how-long-theyre-kept', 'sending-send-batch', 'sending-send-batch-1'],
    );
    const page = [
      '[fine](docs/api.md#d20), [fine](docs/guides/files.md#sending-send-batch-1), [fine](#tidings), [fine](docs/guides/)',
      '<img src="docs/guides/../api.md"> [a missing file](docs/guides/missing.txt), [a missing heading](docs/api.md#d21)',
      '[a missing heading here](#deleting-files), [not checked](https://example.com/missing.txt)',
      'and in code, `[not a link](nowhere.txt)` and:',
      '```text\n[in a block](nowhere.txt)\n```',
    ].join('\n');
    assert.deepEqual(
      linkProblems('README.md', page, (p) => pages[p] ?? null),
      [
        'README.md: docs/guides/missing.txt names no file',
        'README.md: docs/api.md#d21 names no heading of docs/api.md',
        'README.md: #deleting-files names no heading of README.md',
      ],
    );
  });

  it('checks answers by what is stable in them', () => {
    const json = (body: string): Block => ({
      file: 'README.md',
      line: 1,
      lang: 'json',
      body,
      section: '',
      note: null,
      expected: null,
    });
    const shown = json(
      '{"id":"msg_00VbwLJVmIHXLdqKUAIAxgEie","status":"read","readAt":"2026-11-25T00:25:27.000Z","n":669,"p":"303712015453612","m":"a … z", …}',
    );
    assert.deepEqual(
      answerProblems(
        shown,
        '{"id": "msg_X1", "status":"read","readAt":"2027-01-01T10:00:00.120Z","n":669,"p":"4407","m":"a b z"}',
      ),
      [],
    );
    assert.deepEqual(
      answerProblems(shown, '{"id":"tpl_X1","status":"sent","readAt":null,"n":669,"p":"4407","m":"a b z"}'),
      ['no "id": "msg_00VbwLJVmIHXLdqKUAIAxgEie"', 'no "status": "read"', 'no "readAt": "2026-11-25T00:25:27.000Z"'],
    );
    const text: Block = {
      ...shown,
      lang: 'text',
      body: 'verified message.received evt_00VbwLM6MsWyNkpLOrIA8A9Jx {"id":"in_…", …\n',
    };
    assert.deepEqual(answerProblems(text, 'x\nverified message.received evt_Q2 {"id":"in_Z9","from":"+1"}\n'), []);
    assert.equal(answerProblems(text, 'verified message.read evt_Q2 {}').length, 1);
  });
});
