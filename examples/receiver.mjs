// A webhook receiver that verifies each delivery with the stock Standard Webhooks library.
// Run it with the endpoint's secret: TIDINGS_WEBHOOK_SECRET=whsec_… node examples/receiver.mjs
// It listens on 127.0.0.1:4000 (RECEIVER_PORT sets another port) and prints each event it accepts.
import http from 'node:http';
import { Webhook } from 'standardwebhooks';

const wh = new Webhook(process.env.TIDINGS_WEBHOOK_SECRET); // "whsec_…"
const seen = new Set(); // delivery is at least once: skip an event id already handled

http
  .createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      let event;
      try {
        // The raw body, before parsing it; throws on a bad signature or a timestamp off by > 5 min.
        event = wh.verify(Buffer.concat(chunks).toString('utf8'), req.headers);
      } catch (err) {
        console.log(`refused: ${err.message}`);
        return res.writeHead(400).end();
      }
      res.writeHead(204).end(); // answer fast (within 10 s); do slow work after answering
      if (seen.has(event.id)) return;
      seen.add(event.id);
      console.log(`verified ${event.type} ${event.id} ${JSON.stringify(event.data.object)}`);
    });
  })
  .listen(Number(process.env.RECEIVER_PORT ?? 4000), '127.0.0.1');
