import { describeFaultsOf } from '../support/fault-matrix.ts';

describeFaultsOf('schema', 'existing');
