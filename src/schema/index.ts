/**
 * The schema: importing each domain file registers its types and fields on the builder. A new
 * domain file is added here (docs/ARCHITECTURE.md, "Adding an endpoint").
 */
import { builder } from './builder.js';
import './scalars.js';
import './enums.js';
import './network.js';
import './address.js';
import './subnet.js';
import './blockchain.js';
import './genesis.js';
import './l1-validator.js';
import './utxo.js';
import './transaction.js';
import './vertex.js';
import './reward.js';
import './price.js';
import './evm-chain.js';
import './contract.js';
import './evm-address.js';
import './icm.js';
import './metrics.js';
import './signatures.js';
import './x-chain.js';
import './p-chain.js';
import './node-index.js';
import './health.js';
import './subnet-evm.js';
import './admin.js';
import './subscriptions.js';

export const schema = builder.toSchema({ sortSchema: false });
