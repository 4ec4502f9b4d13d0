import { describeFaultsOf } from '../support/fault-matrix.ts';

describeFaultsOf('functions', 'existing');
