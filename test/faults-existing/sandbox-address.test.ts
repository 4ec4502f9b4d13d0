import { describeFaultsOf } from '../support/fault-matrix.ts';

describeFaultsOf('sandbox-address', 'existing');
