import { ResourceListView } from '../../../src/resourceViews/ResourceListView';
import rules from '.';

/** `/retention/rules`: the company's retention rules, searched, 20 a page, added and edited in a modal. */
export function RuleList() {
  return <ResourceListView definition={rules} />;
}
