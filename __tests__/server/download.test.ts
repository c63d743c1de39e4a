import { startDownload } from '../../server/download';

/** Downloads start only once their first statements ran (server/download.ts). */
describe('startDownload', () => {
  async function text(stream: NodeJS.ReadableStream): Promise<string> {
    let all = '';
    for await (const chunk of stream) all += String(chunk);
    return all;
  }

  it('streams every chunk, the primed ones first', async () => {
    async function* chunks() {
      yield 'header\r\n';
      yield 'a\r\n';
      yield 'b\r\n';
      yield 'c\r\n';
    }
    expect(await text(await startDownload(chunks()))).toBe('header\r\na\r\nb\r\nc\r\n');
  });

  it('streams a download shorter than the primed chunks', async () => {
    async function* chunks() {
      yield 'header\r\n';
    }
    expect(await text(await startDownload(chunks()))).toBe('header\r\n');
  });

  it('fails before any byte when the first batch fails, not mid-stream', async () => {
    const refused = new Error('invalid byte sequence for encoding "UTF8": 0x00');
    let reads = 0;
    async function* chunks(): AsyncGenerator<string> {
      yield 'header\r\n';
      reads += 1;
      throw refused;
    }
    await expect(startDownload(chunks())).rejects.toBe(refused);
    expect(reads).toBe(1);
  });

  it('reads no further than the primed chunks before it is sent', async () => {
    let reads = 0;
    async function* chunks(): AsyncGenerator<string> {
      for (;;) {
        reads += 1;
        yield `${reads}\r\n`;
      }
    }
    await startDownload(chunks());
    expect(reads).toBe(2);
  });
});
