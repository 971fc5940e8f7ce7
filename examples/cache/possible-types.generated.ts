
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
      "AvmBlock",
      "Blockchain",
      "CChainAtomicTransaction",
      "Delegator",
      "Erc20Contract",
      "Erc721Contract",
      "Erc1155Contract",
      "EvmAddress",
      "EvmBlock",
      "EvmChain",
      "EvmTransaction",
      "IcmMessage",
      "L1Validator",
      "NftToken",
      "PBlock",
      "PChainTransaction",
      "PrimaryNetworkBlock",
      "Subnet",
      "UnknownContract",
      "Validator",
      "XChainAsset",
      "XChainTransaction",
      "XChainVertex"
    ],
    "PrimaryNetworkTransaction": [
      "CChainAtomicTransaction",
      "PChainTransaction",
      "XChainTransaction"
    ],
    "SearchResult": [
      "Address",
      "Blockchain",
      "CChainAtomicTransaction",
      "EvmAddress",
      "EvmBlock",
      "EvmChain",
      "EvmTransaction",
      "IcmMessage",
      "L1Validator",
      "PChainTransaction",
      "PrimaryNetworkBlock",
      "Subnet",
      "Validator",
      "XChainAsset",
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
      "AvmBlock",
      "Blockchain",
      "CChainAtomicTransaction",
      "Delegator",
      "Erc20Contract",
      "Erc721Contract",
      "Erc1155Contract",
      "EvmAddress",
      "EvmBlock",
      "EvmChain",
      "EvmTransaction",
      "IcmMessage",
      "L1Validator",
      "NftToken",
      "PBlock",
      "PChainTransaction",
      "PrimaryNetworkBlock",
      "Subnet",
      "UnknownContract",
      "Validator",
      "XChainAsset",
      "XChainTransaction",
      "XChainVertex"
    ],
    "PrimaryNetworkTransaction": [
      "CChainAtomicTransaction",
      "PChainTransaction",
      "XChainTransaction"
    ],
    "SearchResult": [
      "Address",
      "Blockchain",
      "CChainAtomicTransaction",
      "EvmAddress",
      "EvmBlock",
      "EvmChain",
      "EvmTransaction",
      "IcmMessage",
      "L1Validator",
      "PChainTransaction",
      "PrimaryNetworkBlock",
      "Subnet",
      "Validator",
      "XChainAsset",
      "XChainTransaction"
    ]
  }
};
      export default result;
    