// Writes tests/history-fixtures/news-knot/ from tests/site/knot-page.mjs: eight hourly versions.
import fs from 'node:fs';
import { knotPage } from '../tests/site/knot-page.mjs';

const dir = new URL('../tests/history-fixtures/news-knot/', import.meta.url);
fs.mkdirSync(dir, { recursive: true });
for (let h = 0; h < 8; h++) {
  const stamp = new Date(Date.UTC(2026, 0, 5, 6 + h)).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
  fs.writeFileSync(new URL(`${stamp}_index.html`, dir), knotPage(h));
}
