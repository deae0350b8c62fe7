/**
 * The world of the contacts benchmark (contacts.ts): `contacts` contacts of one business number
 * (names drawn from a few hundred first names and surnames of many languages, with their accents,
 * most common first) and `messages` messages (half sent, half received, each on a random contact),
 * written straight into a database the service migrated, in batches, with fresh planner statistics.
 */
import { sql, type Insertable } from 'kysely';
import type { DatabaseConfig } from '../src/config.js';
import { connectDatabase } from '../src/db/connect.js';
import type { ContactsTable, InboundMessagesTable, MessagesTable } from '../src/db/schema.js';
import { iso } from '../src/lib/clock.js';
import { newId } from '../src/lib/ids.js';
import { contactSearchText } from '../src/lib/search-text.js';

/** First names and surnames of many languages, as people write them; earlier ones are drawn more often. */
export const FIRST =
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
const BATCH = 500;

/** A seeded contact's first name, surname and number, as the searches pick them. */
export interface SeededName {
  first: string;
  last: string;
  phone: string;
}

/**
 * Writes the contacts (activity spread over the 30 days before now, distinct numbers over eight
 * US area codes) and the messages of `accountId`'s `phoneNumberId` (live mode).
 * @returns the contacts' ids and names, index for index, and the seconds the seeding took.
 */
export async function seedContacts(
  database: DatabaseConfig,
  accountId: string,
  phoneNumberId: string,
  contacts: number,
  messages: number,
): Promise<{ ids: string[]; names: SeededName[]; seconds: number }> {
  const seedStart = performance.now();
  const store = await connectDatabase(database);
  const now = Date.now();
  const ids: string[] = [];
  const names: SeededName[] = [];
  for (let i = 0; i < contacts; i += BATCH) {
    const rows: Insertable<ContactsTable>[] = [];
    for (let j = i; j < Math.min(contacts, i + BATCH); j++) {
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
        account_id: accountId,
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
  for (let i = 0; i < messages; i += BATCH) {
    const outbound: Insertable<MessagesTable>[] = [];
    const inbound: Insertable<InboundMessagesTable>[] = [];
    for (let j = i; j < Math.min(messages, i + BATCH); j++) {
      const contactId = ids[Math.floor(Math.random() * ids.length)]!;
      const at = iso(now - Math.floor(Math.random() * 30 * 86_400_000));
      if (j % 2 === 0) {
        outbound.push({
          id: newId('msg'),
          account_id: accountId,
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
          account_id: accountId,
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
  return { ids, names, seconds: (performance.now() - seedStart) / 1000 };
}
