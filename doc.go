// Package flickarena is the root of the Flickarena module: a simulation platform for
// tabletop flicking games. It holds no code; its test checks that the packages below keep the
// dependency rules of the architecture (see docs/decisions/architecture-layers.md).
package flickarena
