// test-runner: no database
/**
 * The batch CSV reader as the dashboard's bulk send uses it (packages/batch-csv; the CLI's
 * all-or-nothing reading is in cli-batch.test.ts): every reason a file cannot be sent, each by its
 * line, the rows that could be read with their cells, and which columns are template variables.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCsv, sendsOf, variableColumns } from '@tidings/batch-csv';

describe('the batch CSV file as the dashboard reads it', () => {
  it('lists every row it cannot read by its line, keeping the rows it can', () => {
    const file = readCsv('to,1\r\n+16505550101,x,y\r\n+16505550102,"two\nlines"\r\n+16505550103\r\n+16505550104,z\r\n');
    assert.deepEqual(file.columns, ['to', '1']);
    assert.deepEqual(file.rows, [
      { line: 3, cells: ['+16505550102', 'two\nlines'] },
      { line: 6, cells: ['+16505550104', 'z'] },
    ]);
    assert.equal(file.problems.length, 2);
    assert.match(file.problems[0]!, /^The file is not valid CSV: .*line 2$/);
    assert.match(file.problems[1]!, /^The file is not valid CSV: .*line 5$/);
  });

  it('names every problem of the header, and a file of a header alone', () => {
    assert.deepEqual(readCsv('phone, ,button.0.url,1,1\n+16505550101,,,x,y\n').problems, [
      'Line 1: column 2 has no name; name every column (to, clientReference, sendAt, button.0.payload, or a template variable).',
      'Line 1: "button.0.url" is not a button column; write button.<index>.<payload|urlSuffix|couponCode>, e.g. button.0.payload or button.1.urlSuffix.',
      'Line 1: the column "1" appears twice.',
      'Line 1: the header has no "to" column (it has: phone, button.0.url, 1); the first row must name the columns.',
    ]);
    assert.deepEqual(readCsv('to,1\n').problems, ['The file has a header but no rows to send.']);
    assert.match(readCsv('').problems[0]!, /^The file is empty/);
  });

  it('reads every column but to, the send fields and the buttons as a variable, the misspelt one too', () => {
    const file = readCsv(
      'to,first_name,frist_name,button.0.payload,clientReference,sendAt,header,\n+16505550101,Ann,,stop,r-1,,,\n',
    );
    assert.deepEqual(file.problems, []);
    assert.deepEqual(variableColumns(file), ['first_name', 'frist_name', 'header']);
    assert.deepEqual(sendsOf(file, 'tpl_x'), [
      {
        line: 2,
        send: {
          type: 'template',
          templateId: 'tpl_x',
          to: '+16505550101',
          variables: { first_name: 'Ann' },
          buttons: { '0': { payload: 'stop' } },
          clientReference: 'r-1',
        },
      },
    ]);
    assert.match(readCsv('to,\n+16505550101,x\n').problems[0]!, /^Line 2: a value in the unnamed last column/);
  });

  it('reads a route column: a routed text with the template as its fallback, each bad row named by its line', () => {
    const file = readCsv(
      'to,route,text,1,button.0.payload\n+16505550101,auto,"Your order, A-1, has shipped.",A-1,stop\n+16505550102,,,A-2,\n',
    );
    assert.deepEqual(file.problems, []);
    assert.deepEqual(variableColumns(file), ['1']);
    assert.deepEqual(
      sendsOf(file, 'tpl_x').map((s) => s.send),
      [
        {
          to: '+16505550101',
          type: 'text',
          text: 'Your order, A-1, has shipped.',
          route: 'auto',
          fallback: { templateId: 'tpl_x', variables: { '1': 'A-1' }, buttons: { '0': { payload: 'stop' } } },
        },
        { type: 'template', templateId: 'tpl_x', to: '+16505550102', variables: { '1': 'A-2' } },
      ],
    );
    assert.deepEqual(
      readCsv(
        'to,route,text,1\n+16505550101,free,Hi,A\n+16505550102,auto,,A\n+16505550103,,Hi,A\n+16505550104,auto,Hi,A\n',
      ).problems,
      [
        'Line 2: route "free" is not a route; write auto (a routed text, the template its fallback) or leave it empty (a template send).',
        'Line 3: route auto needs the text to send in the "text" column; the template is only its fallback.',
        'Line 4: a text without route auto; write auto in the "route" column to send it routed, or leave the text empty to send the template.',
      ],
    );
    // Without a route column, "text" is a template variable as before.
    assert.deepEqual(variableColumns(readCsv('to,text\n+16505550101,Hi\n')), ['text']);
  });
});
