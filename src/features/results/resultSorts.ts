import type { ResultSort } from '../../../contract/event-constants';
import type { SortMap } from '../../lib/sortColumns';

/** Which sort values each sortable column stands for (spec, section 3); names sort one way. */
export const columnSorts: SortMap<ResultSort> = {
  date: { ascend: 'DateAsc', descend: 'DateDesc' },
  firstName: { ascend: 'FirstName' },
  middleName: { ascend: 'MiddleName' },
  lastName: { ascend: 'LastName' },
  event: { ascend: 'EventAsc', descend: 'EventDesc' },
  result: { ascend: 'ResultAsc', descend: 'ResultDesc' },
};
