/**
 * Media and resumable upload answers against the fixtures.
 */
import { describe, it } from 'node:test';
import { assertSameShape } from '../conformance/shape.js';
import { fixture } from '../helpers.js';
import { graphKit, type GraphSim } from './kit.js';

export function mediaCases(graph: () => GraphSim): void {
  const { upload } = graphKit(graph);
  describe('media answers', () => {
    it('media and resumable upload answers', async () => {
      const { s } = graph();
      const up = await upload('image/png', 'a.png');
      assertSameShape(up, fixture('media-upload-response.json'), 'media-upload-response.json');
      assertSameShape(up, fixture('media-upload-response-postman.json'), 'media-upload-response-postman.json');
      const got = (await s.graph('GET', `/v23.0/${up.id}`)).body;
      assertSameShape(got, fixture('media-get-url-response.json'), 'media-get-url-response.json');
      // Meta's Postman capture shows file_size as a string; the other capture (and the simulator) a number.
      assertSameShape(got, fixture('media-get-url-response-postman.json'), 'media-get-url-response-postman.json', {
        ignore: ['.file_size'],
      });
      assertSameShape(
        (await s.graph('DELETE', `/v23.0/${up.id}`)).body,
        fixture('success-true-response.json'),
        'success-true-response.json (media delete)',
      );
      const open = await s.graph(
        'POST',
        '/v23.0/100000000000001/uploads?file_name=b.png&file_length=3&file_type=image/png',
      );
      assertSameShape(
        open.body,
        fixture('resumable-upload-create-session-response.json'),
        'resumable-upload-create-session-response.json',
      );
      assertSameShape(
        (await s.graph('GET', `/v23.0/${open.body.id}`)).body,
        fixture('resumable-upload-status-response.json'),
        'resumable-upload-status-response.json',
      );
      assertSameShape(
        (await s.graph('POST', `/v23.0/${open.body.id}`, undefined, { raw: 'png', headers: { file_offset: '0' } }))
          .body,
        fixture('resumable-upload-file-data-response.json'),
        'resumable-upload-file-data-response.json',
      );
    });
  });
}
