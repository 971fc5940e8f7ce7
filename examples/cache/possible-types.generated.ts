
      export type PossibleTypesResultData = {
  "possibleTypes": {
    "CollectibleBalance": [
      "Erc721Balance",
      "Erc1155Balance"
    ],
    "ContractMetadata": [
      "Erc20Contract",
      "Erc721Contract",
      "Erc1155Contract",
      "UnknownContract"
    ],
    "Node": [
      "Address",
      "Blockchain",
      "CChainAtomicTransaction",
      "Delegator",
      "EvmAddress",
      "EvmBlock",
      "EvmChain",
      "EvmTransaction",
      "L1Validator",
      "NftToken",
      "PChainTransaction",
      "PrimaryNetworkBlock",
      "Subnet",
      "Validator",
      "XChainAsset",
      "XChainTransaction",
      "XChainVertex"
    ],
    "PrimaryNetworkTransaction": [
      "CChainAtomicTransaction",
      "PChainTransaction",
      "XChainTransaction"
    ]
  }
};
      const result: PossibleTypesResultData = {
  "possibleTypes": {
    "CollectibleBalance": [
      "Erc721Balance",
      "Erc1155Balance"
    ],
    "ContractMetadata": [
      "Erc20Contract",
      "Erc721Contract",
      "Erc1155Contract",
      "UnknownContract"
    ],
    "Node": [
      "Address",
      "Blockchain",
      "CChainAtomicTransaction",
      "Delegator",
      "EvmAddress",
      "EvmBlock",
      "EvmChain",
      "EvmTransaction",
      "L1Validator",
      "NftToken",
      "PChainTransaction",
      "PrimaryNetworkBlock",
      "Subnet",
      "Validator",
      "XChainAsset",
      "XChainTransaction",
      "XChainVertex"
    ],
    "PrimaryNetworkTransaction": [
      "CChainAtomicTransaction",
      "PChainTransaction",
      "XChainTransaction"
    ]
  }
};
      export default result;
    