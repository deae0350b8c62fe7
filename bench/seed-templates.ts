/** Writes `count` templates into an account of a Tidings SQLite database, for the list benchmark. */
import path from 'node:path';
import { connectDatabase } from '../src/db/connect.js';
import { newId } from '../src/lib/ids.js';

export async function seedTemplates(dataDir: string, accountId: string, count: number): Promise<void> {
  const store = await connectDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'tidings.sqlite') });
  const start = Date.parse('2026-01-01T00:00:00Z');
  const statuses = ['approved', 'approved', 'approved', 'processing'] as const;
  const rows = Array.from({ length: count }, (_, i) => {
    const at = new Date(start + i * 1000).toISOString();
    return {
      id: newId('tpl', start + i * 1000),
      account_id: accountId,
      name: `bench_template_${i}`,
      language: 'en_US',
      category: i % 10 === 9 ? 'MARKETING' : 'UTILITY',
      status: i % 50 === 7 ? ('rejected' as const) : statuses[i % 4]!,
      body: 'Hi {{1}}! Your order number is {{2}}. Thank you.',
      variables: JSON.stringify([{ example: 'Pablo', name: 'first_name' }, { example: '860198-230332' }]),
      header: null,
      footer: 'Reply STOP to opt out',
      platform_template_id: String(1_000_000_000_000 + i),
      rejection_reason: i % 50 === 7 ? 'INVALID_FORMAT' : null,
      approved_at: at,
      submission_error: null,
      created_at: at,
      updated_at: at,
      deleted_at: null,
    };
  });
  await store.write(async (tx) => {
    for (let i = 0; i < rows.length; i += 500)
      await tx
        .insertInto('templates')
        .values(rows.slice(i, i + 500))
        .execute();
  });
  await store.close();
}
