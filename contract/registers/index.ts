import { registerTable, type RegisterDeclaration } from '../register';
import dataCategories from './data-categories';
import processors from './processors';
import dataSubjectCategories from './data-subject-categories';
import processingPurposes from './processing-purposes';

/** Every simple register: the server's routes, the UI's screens and the fake's collections come from this list. */
export const REGISTERS: RegisterDeclaration[] = [dataCategories, processors, dataSubjectCategories, processingPurposes];

/** The register kept in `table` (the audit trail names its records by the register's `<prefix>.entity` text). */
export const registerOfTable = (table: string) => REGISTERS.find((r) => registerTable(r) === table);
