import type { RegisterDeclaration } from '../../contract/register';
import { REGISTERS } from '../../contract/registers';
import type { LazyArea } from '../../src/i18n/i18nProvider';
import type { ResourceDefinition } from '../types';

/** What the data provider and the route guard need of a register: its REST path and its menu. */
export const registerDefinition = (r: RegisterDeclaration): ResourceDefinition => ({ name: r.name, menu: r.menu, api: { rest: `/${r.name}` } });

/** The text areas of every register: a screen that names their records (the audit trail) loads them. */
export const REGISTER_AREAS = [...new Set(REGISTERS.map((r) => r.texts.area as LazyArea))];

/** Every register's definition: found with the other resources' (`resources/definitions.ts`). */
export const registerDefinitions = REGISTERS.map(registerDefinition);
