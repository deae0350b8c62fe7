/**
 * Contact list, timeline and search benchmark (`npm run bench:contacts [-- --db sqlite|postgres
 * --duration 10 --contacts 100000 --messages 1000000 --only search]`; never part of `npm test`).
 * Seeds one business number with `contacts` contacts (names drawn from a few hundred first names
 * and surnames of many languages, with their accents, most common first) and `messages` messages
 * (half sent, half received, spread over the contacts), written directly through the database in
 * batches, then starts Tidings (built `dist/`) in its own process and loads with autocannon, in this
 * one:
 *
 * - `GET /v1/contacts?limit=20`: the first page (most recent activity first);
 * - `GET /v1/contacts?limit=20&starting_after=…`: a page deep in the list (keyset, from a random contact);
 * - `GET /v1/contacts/{id}/messages?limit=20`: the timeline of a random contact;
 * - `GET /v1/contacts?limit=20&q=…`, one run per kind of search: a common first name, a random
 *   first name, a full name, a surname's first three letters, a number's last four digits, one
 *   letter, a word nobody has, and a page deep in a first name's matches;
 * - the stall check: 50 connections searching (random kinds) while 2 others read one contact by
 *   id; the reads' latency beside their latency alone (issue 23: 50 concurrent searches had
 *   stalled every request for 4.9 s).
 *
 * Target (2 cores): p99 ≤ 25 ms for each, and reads during the searches within that too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql, type Insertable } from 'kysely';
import { cliWith, dropPostgresSchema, postgresSchemaUrl, ROOT } from './lib.js';
import { loadConfig } from '../src/config.js';
import { connectDatabase } from '../src/db/connect.js';
import type { ContactsTable, InboundMessagesTable, MessagesTable } from '../src/db/schema.js';
import { iso } from '../src/lib/clock.js';
import { newId } from '../src/lib/ids.js';
import { contactSearchText } from '../src/lib/search-text.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DB = arg('db', 'sqlite') as 'sqlite' | 'postgres';
const DURATION = Number(arg('duration', '10'));
const CONTACTS = Number(arg('contacts', '100000'));
const MESSAGES = Number(arg('messages', '1000000'));
/** `search`: only the search runs and the stall check. */
const ONLY = arg('only', 'all');

/** First names and surnames of many languages, as people write them; earlier ones are drawn more often. */
const FIRST =
  'María José Ana Luis Carlos Mohammed Fatima Aisha Ahmed Wei Li Na Yuki Haruto Sakura Olga Иван Мария Дмитрий Priya Arjun Ananya Rahul Chloé Zoë Renée Léa Noémie Hélène Jürgen Jörg Günther Søren Bjørn Åsa Łukasz Paweł Małgorzata Ñandú Iñaki Begoña Joaquín Sofía Lucía Martín Tomás Andrés Björk Þóra Ólafur Sigrún Ömer Çağla Gökhan İbrahim Şule Nguyễn Đức Thảo Minh John Mary James Patricia Robert Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph Jessica Thomas Sarah Daniel Karen Matthew Lisa Anthony Nancy Mark Betty Paul Sandra Steven Ashley Andrew Emily Joshua Donna Kenneth Michelle Kevin Carol Brian Amanda George Melissa Timothy Deborah Ronald Stephanie Jason Rebecca Edward Sharon Jeffrey Laura Ryan Cynthia Jacob Kathleen Gary Amy Nicholas Angela Eric Shirley Jonathan Anna Stephen Brenda Larry Pamela Justin Emma Scott Nicole Brandon Helen Benjamin Samantha Samuel Katherine Gregory Christine Alexander Debra Frank Rachel Patrick Carolyn Raymond Janet Jack Catherine Dennis Maria Jerry Heather Tyler Diane Aaron Ruth Jose Julie Adam Olivia Nathan Joyce Henry Virginia Douglas Victoria Zachary Kelly Peter Lauren Kyle Christina Ethan Joan Walter Evelyn Noah Judith Jeremy Megan Christian Andrea Keith Cheryl Roger Hannah Terry Jacqueline Gerald Martha Harold Gloria Sean Teresa Austin Ann Carl Sara Arthur Madison Lawrence Frances Dylan Kathryn Jesse Janice Jordan Jean Bryan Abigail Billy Alice Joe Judy Bruce Sophia Gabriel Grace Logan Denise Albert Amber Willie Doris Alan Marilyn Juan Danielle Wayne Beverly Elijah Isabella Randy Theresa Roy Diana Vincent Natalie Ralph Brittany Eugene Charlotte Russell Marie Bobby Kayla Mason Alexis Philip Lori'.split(
    ' ',
  );
const LAST =
  'García Fernández González Rodríguez López Martínez Sánchez Pérez Gómez Martín Jiménez Ruiz Hernández Díaz Moreno Muñoz Álvarez Romero Alonso Gutiérrez Navarro Torres Domínguez Vázquez Ramos Gil Ramírez Serrano Blanco Molina Morales Suárez Ortega Delgado Castro Ortiz Rubio Marín Sanz Núñez Iglesias Medina Garrido Cortés Castillo Santos Lozano Guerrero Cano Prieto Méndez Cruz Calvo Gallego Vidal León Márquez Herrera Peña Flores Cabrera Campos Vega Fuentes Carrasco Diez Caballero Reyes Nieto Aguilar Pascual Santana Herrero Lorenzo Montero Hidalgo Giménez Ibáñez Ferrer Durán Santiago Benítez Mora Vicente Vargas Arias Carmona Crespo Román Pastor Soto Sáez Velasco Moya Soler Parra Esteban Bravo Gallardo Rojas Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch Bauer Richter Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann Lange Schmitt Werner Krause Meier Lehmann Köhler Straße Nowak Kowalski Wiśniewski Wójcik Kowalczyk Kamiński Lewandowski Zieliński Szymański Woźniak Dąbrowski Kozłowski Jankowski Mazur Kwiatkowski Krawczyk Piotrowski Grabowski Nowakowski Pawłowski Michalski Nowicki Adamczyk Dudek Zając Wieczorek Jabłoński Król Majewski Olszewski Jaworski Wróbel Malinowski Pawlak Witkowski Walczak Stępień Górski Rutkowski Michalak Sikora Ostrowski Baran Duda Szewczyk Tomaszewski Pietrzak Marciniak Wróblewski Zalewski Jakubowski Jasiński Zawadzki Sadowski Bąk Chmielewski Włodarczyk Borkowski Czarnecki Sawicki Sokołowski Urbański Kubiak Maciejewski Szczepański Kucharski Wilk Kalinowski Lis Mazurek Wysocki Adamski Kaźmierczak Wasilewski Sobczak Czerwiński Andrzejewski Cieślak Głowacki Zakrzewski Kołodziej Sikorski Krajewski Gajewski Szymczak Szulc Baranowski Laskowski Brzeziński Makowski Ziółkowski Przybylski Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Thomas Moore Jackson White Harris Clark Lewis Robinson Walker Young Allen King Wright Scott Hill Green Adams Baker Nelson Carter Mitchell Roberts Turner Phillips Campbell Parker Evans Edwards Collins Stewart Morris Rogers Reed Cook Morgan Bell Murphy Bailey Cooper Richardson Cox Howard Ward Peterson Gray James Watson Brooks Kelly Sanders Price Bennett Wood Barnes Ross Henderson Coleman Jenkins Perry Powell Long Patterson Hughes Washington Butler Simmons Foster Bryant Alexander Russell Griffin Hayes Myers Ford Hamilton Graham Sullivan Wallace West Cole Jordan Owens Reynolds Fisher Ellis Harrison Gibson Nguyễn Trần Lê Phạm Hoàng Huỳnh Phan Vũ Võ Đặng Bùi Đỗ Hồ Ngô Dương Lý Yılmaz Kaya Demir Şahin Çelik Yıldız Yıldırım Öztürk Aydın Özdemir Arslan Doğan Kılıç Aslan Çetin Kara Koç Kurt Özkan Şimşek Иванов Смирнов Кузнецов Попов Васильев Петров Соколов Михайлов Новиков Фёдоров Sharma Verma Gupta Singh Kumar Patel Reddy Iyer Nair Rao 王 李 张 刘 陈 杨 黄 赵 吴 周 佐藤 鈴木 高橋 田中 渡辺'.split(
    ' ',
  );
/**
 * An index of a list of n, earlier ones drawn more often: P(k) ∝ 1/(k + 10) (Zipf–Mandelbrot), so
 * the first entry is about 3 % of draws from 250, as the commonest given names are in a country.
 */
const zipf = (n: number) => Math.min(n - 1, Math.floor(10 * ((n + 10) / 10) ** Math.random() - 10));
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PORT = 4203;
const BATCH = 500;

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-bench-contacts-'));
  const schema = `bench_${Date.now()}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    WHATSAPP_APP_SECRET: 'bench-app-secret',
    WHATSAPP_VERIFY_TOKEN: 'bench',
    WHATSAPP_GRAPH_URL: 'http://127.0.0.1:9/v23.0', // never called: reads only
    LOG_LEVEL: 'warn',
    PORT: String(PORT),
  };
  if (DB === 'postgres') env.DATABASE_URL = await postgresSchemaUrl(PG_URL, schema);
  const cli = cliWith(env);

  let tidings: ChildProcess | undefined;
  try {
    const account = cli('accounts', 'create', '--name', 'Bench contacts');
    const key = cli('keys', 'create', '--account', account.id, '--mode', 'live', '--rate-limit', '10000').key as string;
    const phoneNumberId = account.phoneNumbers[0].phoneNumberId as string;

    // Seed through the database, in batches: contacts with a spread of activity over 30 days, and
    // messages of both directions, each on a random contact.
    const seedStart = performance.now();
    const store = await connectDatabase(loadConfig(env).database);
    const now = Date.now();
    const ids: string[] = [];
    const names: { first: string; last: string; phone: string }[] = [];
    for (let i = 0; i < CONTACTS; i += BATCH) {
      const rows: Insertable<ContactsTable>[] = [];
      for (let j = i; j < Math.min(CONTACTS, i + BATCH); j++) {
        const last = iso(now - Math.floor(Math.random() * 30 * 86_400_000));
        const id = newId('ct');
        ids.push(id);
        const first = FIRST[zipf(FIRST.length)]!;
        const lastName = LAST[zipf(LAST.length)]!;
        // Distinct numbers spread over area codes: +1 650…, +1 415…, and onwards.
        const phone = `+1${[650, 415, 212, 305, 617, 702, 808, 907][j % 8]}${String(1_000_000 + Math.floor(j / 8)).slice(-7)}`;
        names.push({ first, last: lastName, phone });
        const contact = {
          id,
          account_id: account.id,
          phone_number_id: phoneNumberId,
          mode: 'live' as const,
          phone,
          user_id: `US.${String(10n ** 19n + BigInt(j))}`,
          parent_user_id: null,
          profile_name: `${first} ${lastName}`,
          username: j % 3 === 0 ? `${first.toLowerCase()}_${j}` : null,
          last_inbound_at: last,
          last_outbound_at: null,
          last_activity_at: last,
          created_at: last,
          updated_at: last,
        };
        rows.push({ ...contact, search_text: contactSearchText(contact) });
      }
      await store.write((tx) => tx.insertInto('contacts').values(rows).execute());
    }
    for (let i = 0; i < MESSAGES; i += BATCH) {
      const outbound: Insertable<MessagesTable>[] = [];
      const inbound: Insertable<InboundMessagesTable>[] = [];
      for (let j = i; j < Math.min(MESSAGES, i + BATCH); j++) {
        const contactId = ids[Math.floor(Math.random() * ids.length)]!;
        const at = iso(now - Math.floor(Math.random() * 30 * 86_400_000));
        if (j % 2 === 0) {
          outbound.push({
            id: newId('msg'),
            account_id: account.id,
            mode: 'live' as const,
            phone_number_id: phoneNumberId,
            recipient: '+16505551234',
            contact_id: contactId,
            type: 'text' as const,
            status: 'read' as const,
            platform_message_id: `wamid.bench-out-${j}`,
            source: 'api' as const,
            text: 'Your order shipped.',
            caption: null,
            media_id: null,
            template_id: null,
            reply_to: null,
            error_code: null,
            error_message: null,
            sent_at: at,
            delivered_at: at,
            read_at: at,
            failed_at: null,
            created_at: at,
            updated_at: at,
          });
        } else {
          inbound.push({
            id: newId('in'),
            account_id: account.id,
            mode: 'live' as const,
            phone_number_id: phoneNumberId,
            sender: '+16505551234',
            contact_id: contactId,
            read_at: null,
            platform_message_id: `wamid.bench-in-${j}`,
            type: 'text',
            text: 'Where is my order?',
            contact_name: null,
            context_message_id: null,
            payload: '{"type":"text","text":{"body":"Where is my order?"}}',
            sent_at: at,
            created_at: at,
          });
        }
      }
      await store.write(async (tx) => {
        if (outbound.length > 0) await tx.insertInto('messages').values(outbound).execute();
        if (inbound.length > 0) await tx.insertInto('inbound_messages').values(inbound).execute();
      });
    }
    // Fresh statistics for the planner, as a long-running database has.
    await store.write(async (tx) => void (await sql`analyze`.execute(tx)));
    await store.close();
    const seedSeconds = (performance.now() - seedStart) / 1000;

    tidings = spawn(process.execPath, ['dist/main.js'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const url = `http://127.0.0.1:${PORT}`;
    for (let i = 0; ; i++) {
      try {
        await fetch(`${url}/health`);
        break;
      } catch {
        if (i > 300) throw new Error('tidings did not start');
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const headers = { 'x-api-key': key };
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
    const random = () => pick(ids);
    const q = (text: string) => `/v1/contacts?limit=20&q=${encodeURIComponent(text)}`;
    // A deep page of a first name's matches: a contact of that name as the cursor.
    const commonFirst = FIRST[0]!;
    const ofCommonFirst = ids.filter((_, k) => names[k]!.first === commonFirst);
    const searches: [string, () => string][] = [
      [
        `q=${commonFirst} (the most common first name, ${ofCommonFirst.length.toLocaleString('en-US')} matches)`,
        () => q(commonFirst),
      ],
      ['q=<random first name>', () => q(pick(names).first)],
      ['q=<random full name>', () => q(`${pick(names).first} ${pick(names).last}`)],
      ["q=<a surname's first 3 letters>", () => q([...pick(names).last].slice(0, 3).join(''))],
      ["q=<a number's last 4 digits>", () => q(pick(names).phone.slice(-4))],
      ['q=<one letter>', () => q(pick([...'abcdefghijklmnoprstvwz']))],
      ['q=zqxj (no match)', () => q('zqxj')],
      [
        `q=${commonFirst}&starting_after=<random match> (deep page)`,
        () => `${q(commonFirst)}&starting_after=${pick(ofCommonFirst)}`,
      ],
    ];
    const runs: [string, () => string][] = [
      ...(ONLY === 'search'
        ? []
        : ([
            ['GET /v1/contacts?limit=20 (first page)', () => '/v1/contacts?limit=20'],
            [
              'GET /v1/contacts?limit=20&starting_after=<random> (deep page)',
              () => `/v1/contacts?limit=20&starting_after=${random()}`,
            ],
            [
              'GET /v1/contacts/<random>/messages?limit=20 (timeline)',
              () => `/v1/contacts/${random()}/messages?limit=20`,
            ],
          ] as [string, () => string][])),
      ...searches,
    ];
    const results: string[] = [];
    const run = (pathOf: () => string, connections: number) =>
      autocannon({
        url,
        connections,
        duration: DURATION,
        requests: [{ method: 'GET', headers, setupRequest: (req: any) => ({ ...req, path: pathOf() }) }],
      } as autocannon.Options);
    const line = (name: string, r: autocannon.Result) =>
      `| ${name} | ${Math.round(r.requests.average).toLocaleString('en-US')} | ${r.latency.p50} | ${r.latency.p99} | ${r.latency.max} | ${r.non2xx} |`;
    for (const [name, pathOf] of runs) {
      // Warm-up, not reported.
      for (let i = 0; i < 50; i++) await (await fetch(`${url}${pathOf()}`, { headers })).arrayBuffer();
      results.push(line(name, await run(pathOf, 8)));
    }
    // The stall check. Issue 23's scenario: 50 searches at once, while another client reads one
    // contact every 5 ms; how long the burst takes and how long a read waits meanwhile. Then
    // sustained: reads beside 48 connections searching without pause (the server saturated).
    const read = () => `/v1/contacts/${random()}`;
    const bursts: number[] = [];
    const waits: number[] = [];
    for (let b = 0; b < 20; b++) {
      let bursting = true;
      const reader = (async () => {
        while (bursting) {
          const t0 = performance.now();
          await (await fetch(`${url}${read()}`, { headers })).arrayBuffer();
          waits.push(performance.now() - t0);
          await new Promise((r) => setTimeout(r, 5));
        }
      })();
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: 50 }, () =>
          fetch(`${url}${pick(searches)[1]()}`, { headers }).then((r) => r.arrayBuffer()),
        ),
      );
      bursts.push(performance.now() - t0);
      bursting = false;
      await reader;
    }
    const ms = (v: number) => Math.round(v).toLocaleString('en-US');
    bursts.sort((a, b) => a - b);
    waits.sort((a, b) => a - b);
    const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
    const stall = [
      `50 searches at once (random kinds above), 20 times: each burst took ${ms(pct(bursts, 50))} ms (median), ${ms(bursts.at(-1)!)} ms at most;`,
      `a read of one contact every 5 ms meanwhile (${waits.length} reads) waited ${ms(pct(waits, 50))} ms (median), ${ms(pct(waits, 99))} ms (p99), ${ms(waits.at(-1)!)} ms at most.`,
    ];
    results.push(line('GET /v1/contacts/<random> alone (2 connections)', await run(read, 2)));
    const [reads, searching] = await Promise.all([run(read, 2), run(() => pick(searches)[1](), 48)]);
    results.push(line('… the same while 48 connections search without pause (random kinds above)', reads));
    results.push(line('… those 48 connections searching', searching));
    console.log(
      `\nContacts: ${os.cpus().length} cores, Node ${process.version}, ${DB === 'postgres' ? 'PostgreSQL' : 'SQLite (WAL)'}; ${CONTACTS.toLocaleString('en-US')} contacts and ${MESSAGES.toLocaleString('en-US')} messages seeded in ${seedSeconds.toFixed(0)} s; 8 connections, ${DURATION} s per run unless said\n`,
    );
    console.log('| run | req/s | p50 ms | p99 ms | max ms | non-2xx |\n|---|---:|---:|---:|---:|---:|');
    for (const l of results) console.log(l);
    console.log(`\n${stall.join('\n')}`);
  } finally {
    tidings?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    if (process.env.BENCH_KEEP) console.log(`kept ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
    if (DB === 'postgres' && process.env.BENCH_KEEP) console.log(`kept schema ${schema}`);
    else if (DB === 'postgres') await dropPostgresSchema(PG_URL, schema);
  }
}

await main();
