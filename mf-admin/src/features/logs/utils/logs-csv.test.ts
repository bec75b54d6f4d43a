/** The activity log's CSV: BOM, header, quoting, accents, and the file name's date (São Paulo). */
import { describe, expect, it } from 'vitest';
import { csvFileName, logsToCsv } from './logs-csv.ts';

const row = (over: Partial<Parameters<typeof logsToCsv>[0][number]>) => ({
  id: '00000000-0000-4000-8000-000000000001',
  userId: null,
  action: 'product_updated',
  details: {},
  ipAddress: '10.0.0.1',
  userAgent: null,
  createdAt: '2026-11-20T13:05:00.000Z',
  ...over,
});

describe('logsToCsv', () => {
  it('starts with the UTF-8 BOM and the header, then one CRLF line per row', () => {
    const csv = logsToCsv([row({}), row({ action: 'login', ipAddress: null })]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split('\r\n')).toEqual(['Data/Hora,Ação,Detalhes,IP', '"20/11/2026, 10:05",Produto atualizado,,10.0.0.1', '"20/11/2026, 10:05",Login,,']);
  });

  it('quotes commas, quotes and line breaks of the details', () => {
    const csv = logsToCsv([row({ details: { name: 'Anel "Lua", prata\nnovo' } })]);
    expect(csv.slice(1).split('\r\n')[1]).toBe('"20/11/2026, 10:05",Produto atualizado,"name: Anel ""Lua"", prata\nnovo",10.0.0.1');
  });
});

describe('logsToCsv formula cells', () => {
  it('neutralises cells a spreadsheet would run as a formula', () => {
    const csv = logsToCsv([row({ ipAddress: '=HYPERLINK("http://evil.example","x")' }), row({ ipAddress: '@SUM(1+1)' }), row({ ipAddress: '+1' })]);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[1]).toBe('"20/11/2026, 10:05",Produto atualizado,,"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(lines[2]).toBe(`"20/11/2026, 10:05",Produto atualizado,,"'@SUM(1+1)"`);
    expect(lines[3]).toBe(`"20/11/2026, 10:05",Produto atualizado,,"'+1"`);
  });
});

describe('csvFileName', () => {
  it('uses the São Paulo date (01:30 UTC is still the previous day there)', () => {
    expect(csvFileName(new Date('2026-11-21T01:30:00Z'))).toBe('logs-atividades-2026-11-20.csv');
  });
});
