/* eslint-disable */
import * as types from './graphql.js';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment TransactionRow on PrimaryNetworkTransaction {\n    id\n    txHash\n    txType\n    blockTimestamp\n    ... on PChainTransaction {\n      nodeId\n      subnetId\n    }\n  }\n": typeof types.TransactionRowFragmentDoc,
    "\n  query AddressTransactions($network: NetworkName!, $address: AvalancheAddress!, $first: Int!, $after: String) {\n    network(name: $network) {\n      address(address: $address) {\n        id\n        transactions(chain: P_CHAIN, first: $first, after: $after) {\n          edges {\n            cursor\n            node {\n              ...TransactionRow\n            }\n          }\n          pageInfo {\n            hasNextPage\n            endCursor\n          }\n        }\n      }\n    }\n  }\n": typeof types.AddressTransactionsDocument,
    "\n  subscription NewTransactions($network: NetworkName!, $address: AvalancheAddress!) {\n    addressTransactions(network: $network, addresses: [$address], chains: [P_CHAIN]) {\n      ...TransactionRow\n    }\n  }\n": typeof types.NewTransactionsDocument,
    "\n  fragment ValidatorRow on PChainValidator {\n    id\n    nodeId\n    validationId\n    weight\n    balance\n  }\n": typeof types.ValidatorRowFragmentDoc,
    "\n  query SubnetValidators($network: NetworkName!, $subnetId: CB58Id!) {\n    network(name: $network) {\n      subnet(subnetId: $subnetId) {\n        subnetId\n        currentValidators {\n          ...ValidatorRow\n        }\n      }\n    }\n  }\n": typeof types.SubnetValidatorsDocument,
    "\n  subscription ValidatorChanges($network: NetworkName!, $subnetId: CB58Id!) {\n    subnetValidators(network: $network, subnetId: $subnetId) {\n      ...ValidatorRow\n    }\n  }\n": typeof types.ValidatorChangesDocument,
};
const documents: Documents = {
    "\n  fragment TransactionRow on PrimaryNetworkTransaction {\n    id\n    txHash\n    txType\n    blockTimestamp\n    ... on PChainTransaction {\n      nodeId\n      subnetId\n    }\n  }\n": types.TransactionRowFragmentDoc,
    "\n  query AddressTransactions($network: NetworkName!, $address: AvalancheAddress!, $first: Int!, $after: String) {\n    network(name: $network) {\n      address(address: $address) {\n        id\n        transactions(chain: P_CHAIN, first: $first, after: $after) {\n          edges {\n            cursor\n            node {\n              ...TransactionRow\n            }\n          }\n          pageInfo {\n            hasNextPage\n            endCursor\n          }\n        }\n      }\n    }\n  }\n": types.AddressTransactionsDocument,
    "\n  subscription NewTransactions($network: NetworkName!, $address: AvalancheAddress!) {\n    addressTransactions(network: $network, addresses: [$address], chains: [P_CHAIN]) {\n      ...TransactionRow\n    }\n  }\n": types.NewTransactionsDocument,
    "\n  fragment ValidatorRow on PChainValidator {\n    id\n    nodeId\n    validationId\n    weight\n    balance\n  }\n": types.ValidatorRowFragmentDoc,
    "\n  query SubnetValidators($network: NetworkName!, $subnetId: CB58Id!) {\n    network(name: $network) {\n      subnet(subnetId: $subnetId) {\n        subnetId\n        currentValidators {\n          ...ValidatorRow\n        }\n      }\n    }\n  }\n": types.SubnetValidatorsDocument,
    "\n  subscription ValidatorChanges($network: NetworkName!, $subnetId: CB58Id!) {\n    subnetValidators(network: $network, subnetId: $subnetId) {\n      ...ValidatorRow\n    }\n  }\n": types.ValidatorChangesDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TransactionRow on PrimaryNetworkTransaction {\n    id\n    txHash\n    txType\n    blockTimestamp\n    ... on PChainTransaction {\n      nodeId\n      subnetId\n    }\n  }\n"): (typeof documents)["\n  fragment TransactionRow on PrimaryNetworkTransaction {\n    id\n    txHash\n    txType\n    blockTimestamp\n    ... on PChainTransaction {\n      nodeId\n      subnetId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AddressTransactions($network: NetworkName!, $address: AvalancheAddress!, $first: Int!, $after: String) {\n    network(name: $network) {\n      address(address: $address) {\n        id\n        transactions(chain: P_CHAIN, first: $first, after: $after) {\n          edges {\n            cursor\n            node {\n              ...TransactionRow\n            }\n          }\n          pageInfo {\n            hasNextPage\n            endCursor\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AddressTransactions($network: NetworkName!, $address: AvalancheAddress!, $first: Int!, $after: String) {\n    network(name: $network) {\n      address(address: $address) {\n        id\n        transactions(chain: P_CHAIN, first: $first, after: $after) {\n          edges {\n            cursor\n            node {\n              ...TransactionRow\n            }\n          }\n          pageInfo {\n            hasNextPage\n            endCursor\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription NewTransactions($network: NetworkName!, $address: AvalancheAddress!) {\n    addressTransactions(network: $network, addresses: [$address], chains: [P_CHAIN]) {\n      ...TransactionRow\n    }\n  }\n"): (typeof documents)["\n  subscription NewTransactions($network: NetworkName!, $address: AvalancheAddress!) {\n    addressTransactions(network: $network, addresses: [$address], chains: [P_CHAIN]) {\n      ...TransactionRow\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ValidatorRow on PChainValidator {\n    id\n    nodeId\n    validationId\n    weight\n    balance\n  }\n"): (typeof documents)["\n  fragment ValidatorRow on PChainValidator {\n    id\n    nodeId\n    validationId\n    weight\n    balance\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SubnetValidators($network: NetworkName!, $subnetId: CB58Id!) {\n    network(name: $network) {\n      subnet(subnetId: $subnetId) {\n        subnetId\n        currentValidators {\n          ...ValidatorRow\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SubnetValidators($network: NetworkName!, $subnetId: CB58Id!) {\n    network(name: $network) {\n      subnet(subnetId: $subnetId) {\n        subnetId\n        currentValidators {\n          ...ValidatorRow\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ValidatorChanges($network: NetworkName!, $subnetId: CB58Id!) {\n    subnetValidators(network: $network, subnetId: $subnetId) {\n      ...ValidatorRow\n    }\n  }\n"): (typeof documents)["\n  subscription ValidatorChanges($network: NetworkName!, $subnetId: CB58Id!) {\n    subnetValidators(network: $network, subnetId: $subnetId) {\n      ...ValidatorRow\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;