import { SelectInput } from 'react-admin';
import { ASSESSMENT_KINDS, ASSESSMENT_STATES } from '../../contract/assessments';
import { FILTER_INPUT } from '../../src/components/ListFilters';

const KINDS = ASSESSMENT_KINDS.map((id) => ({ id, name: `assessments.kinds_short.${id}` }));
const STATES = ASSESSMENT_STATES.map((id) => ({ id, name: `assessments.states.${id}` }));

/** A list's filter on one of the assessments' enumerations (the kind, DPIA or LIA; the state), "any" when empty. */
function EnumFilter({ source, choices }: { source: 'kind' | 'state'; choices: { id: string; name: string }[] }) {
  return (
    <SelectInput
      source={source}
      label={`assessments.list.${source}`}
      choices={choices}
      emptyText="assessments.list.any"
      {...FILTER_INPUT}
      sx={{ minWidth: 160 }}
    />
  );
}

/** The filter on the kind, on the assessments' list and the templates'. */
export const KindFilter = () => <EnumFilter source="kind" choices={KINDS} />;
/** The filter on the state (draft, signed). */
export const StateFilter = () => <EnumFilter source="state" choices={STATES} />;
