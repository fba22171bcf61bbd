// The DeepCutAtlas module.
