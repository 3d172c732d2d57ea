import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layers of ARCHITECTURE.md are lint rules (eslint.config.js). These cases lint snippets as if they
 * sat in each folder, so a rule that stops firing (a renamed folder, a broken pattern, a later config block
 * overriding it) fails here rather than silently letting a forbidden import in.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const refused: [string, string][] = [
  ['server/modules/example/routes.ts', "import { App } from '../../../src/App';"],
  ['server/modules/example/routes.ts', "import type { ResourceDefinition } from '../../../resources/types';"],
  ['server/http/example.ts', "export { callApi } from '../../dataProvider/http';"],
  ['server/example.ts', "import { startFake } from '../fake-api/middleware';"],
  ['server/http/example.ts', "import { loadSession } from '../modules/auth/sessions';"],
  ['server/http/apiDocs/example.ts', "import type { Session } from '../../modules/auth/sessions';"],
  ['server/db/example.ts', "import { seedQuizDemo } from '../modules/quiz/demo';"],
  ['server/db/example.test.ts', "export { signinTokenFor } from '../modules/auth/routes';"],
  ['server/http/example.ts', "import { App } from '../../src/App';"],
  ['fake-api/example.ts', "import { route } from '../server/http/route';"],
  ['fake-api/example.ts', "import type { Lang } from '../server/http/messages';"],
  ['fake-api/example.ts', "import th from '../src/i18n/th';"],
  ['contract/example.ts', "import { readFileSync } from 'node:fs';"],
  ['contract/example.ts', "import { z } from '../node_modules/zod';"],
  ['contract/example.ts', "import { MENU } from '../src/menus';"],
  ['contract/example.ts', "import { Box } from '@mui/material';"],
  ['contract/registers/example.ts', "import { MENU } from '../../src/menus';"],
  ['dataProvider/example.ts', "import { ErrorToast } from '../src/components/ErrorToast';"],
  ['dataProvider/example.ts', "import notifications from '../resources/shell';"],
  ['dataProvider/example.ts', "import { RiskEventList } from '../resources/risk/events/RiskEventList';"],
  ['src/components/Example.tsx', "import { serverMessage } from '../../server/http/messages';"],
  ['resources/example/Example.tsx', "import { route } from '../../fake-api/routes';"],
  ['i18n/example.ts', "import { MENU } from '../src/routing/routeTable';"],
  ['i18n/example.ts', "import { serverMessage } from '../server/http/messages';"],
  // the temporary allowance of eslint.config.js (server/ for a few fake-api files) still refuses the UI
  ['fake-api/dsr.ts', "import notifications from '../resources/shell';"],
  // the fake's one reader of the definitions takes them, and nothing else of the UI
  ['fake-api/definitions.ts', "import { BreachList } from '../resources/breach/BreachList';"],
  ['fake-api/definitions.ts', "import { callApi } from '../dataProvider/http';"],
  ['fake-api/definitions.ts', "import { route } from '../server/http/route';"],
];

const allowed: [string, string][] = [
  ['server/modules/example/routes.ts', "import { MENU } from '../../../contract/menus';"],
  ['fake-api/example.ts', "import { MENU } from '../contract/menus';"],
  ['fake-api/example.ts', "import { texts } from '../i18n';"],
  ['fake-api/definitions.ts', "import { definitionsFromFolder } from '../resources/definitionsFromFolder';"],
  ['server/http/example.ts', "import { texts } from '../../i18n/server';"],
  ['server/http/example.ts', "import type { Queryable } from '../db/client';"],
  ['server/app.ts', "import { loadModules } from './modules';"],
  ['server/modules/example/index.ts', "import { defineModule } from '../../http/serverModule';\nimport { notFound } from '../../http/errors';"],
  ['contract/example.ts', "import { z } from 'zod';\nimport { API_BASE } from './http';"],
  ['contract/example.ts', "import { TZDate } from '@date-fns/tz';\nimport { addDays } from 'date-fns';"],
  ['contract/registers/example.ts', "import { z } from 'zod';\nimport { registerOf } from '../register';\nimport { x } from './x';"],
  ['dataProvider/example.ts', "import { RESOURCE_DEFINITIONS } from '../resources/definitions';"],
  ['dataProvider/example.ts', "import dsrRequests from '../resources/dsr/definition';"],
  ['dataProvider/example.ts', "import { readSession } from '../src/auth/session';"],
  ['src/components/Example.tsx', "import { MENU } from '../../contract/menus';"],
];

describe('the layers as lint rules', () => {
  it.each(refused)('refuses in %s: %s', async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toHaveLength(1);
  });

  it.each(allowed)('allows in %s: %s', async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([]);
  });

  it('names the layer in its message, so the author knows what to do', async () => {
    const [message] = await layerErrors('fake-api/example.ts', "import { route } from '../server/http/route';");
    expect(message).toContain('fake-api/ imports contract/ and the i18n/ texts only');
  });
});

describe('one idiom for lists and forms, as lint rules', () => {
  const errors = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  };

  it.each([
    "import { Pagination } from '@mui/material';",
    "import { Box, TablePagination } from '@mui/material';",
    "import Pagination from '@mui/material/Pagination';",
    "import TablePagination from '@mui/material/TablePagination';",
  ])('refuses a hand-made pager under resources/: %s', async (code) => {
    const [message] = await errors('resources/example/ExampleList.tsx', code);
    expect(message).toContain("react-admin's List/ListBase with Datagrid");
  });

  it('allows the rest of MUI under resources/', async () => {
    expect(await errors('resources/example/ExampleList.tsx', "import { Box, Table, TableRow } from '@mui/material';")).toEqual([]);
  });

  it("refuses a form's 'tried' flag kept in useState", async () => {
    const code = "import { useState } from 'react';\nexport function F() { const [tried, setTried] = useState(false); return tried || setTried; }";
    const messages = await errors('resources/example/ExampleDialog.tsx', code);
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message).toContain("react-admin's <Form>");
    expect(await errors('src/components/Example.tsx', code)).toHaveLength(1);
  });
});
