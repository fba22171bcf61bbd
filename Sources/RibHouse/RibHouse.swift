// The RibHouse module.
