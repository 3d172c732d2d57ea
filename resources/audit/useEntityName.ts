import { useTranslate } from 'react-admin';
import { registerOfTable } from '../../contract/registers';

/** The name of a record type (a table): the audit trail's own text, a register's `<prefix>.entity`, or the table. */
export function useEntityName() {
  const translate = useTranslate();
  return (entity: string) => {
    const register = registerOfTable(entity);
    return translate(`audit.entities.${entity}`, { _: register ? translate(`${register.texts.prefix}.entity`) : entity });
  };
}
