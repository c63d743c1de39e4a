import fs from 'node:fs';
import path from 'node:path';

/** The recipe's nginx.conf template (docs/operations.md, "Several processes behind a proxy"). */
export const NGINX_TEMPLATE = path.join(__dirname, '../../deploy/nginx/splitline.conf.template');

/**
 * The template filled in: nginx's files under `dir`, listening on `listen`
 * (`127.0.0.1:8080`), one upstream line per server port on 127.0.0.1.
 * @example fs.writeFileSync(`${dir}/nginx.conf`, nginxConfig(dir, '127.0.0.1:8080', [3001, 3002]));
 */
export function nginxConfig(dir: string, listen: string, ports: readonly number[]): string {
  const servers = ports
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`)
    .join('\n');
  return fs
    .readFileSync(NGINX_TEMPLATE, 'utf8')
    .replaceAll('{{DIR}}', dir)
    .replace('{{LISTEN}}', listen)
    .replace('{{SERVERS}}', servers);
}
