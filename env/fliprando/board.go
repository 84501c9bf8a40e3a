package fliprando

// The movement grid: a hexagon of radius 7 cut from a triangular lattice
// (package doc, "Components"). A vertex is a pair of integer lattice coordinates (c, r); its
// ring is max(|c|, |r|, |c+r|) and the board holds the 169 vertices of ring
// at most 7. Vertices are numbered 0..168 in the order of c, then r.

// Board sizes.
const (
	// Radius is the ring of the board's edge.
	Radius = 7
	// NumVertices is the number of lattice vertices on the board.
	NumVertices = 169
	// NumDirs is the number of directions along the lattice lines.
	NumDirs = 6
	// NumSlots is the number of obstacle-token slots (3 levels × 6).
	NumSlots = 18
	// NoVertex marks "no vertex" (off the board).
	NoVertex = -1
)

// Directions, in the package doc's order; the opposite of d is (d+3) mod 6.
const (
	N  = iota // (0, −1): up the screen
	NE        // (+1, −1)
	SE        // (+1, 0)
	S         // (0, +1)
	SW        // (−1, +1)
	NW        // (−1, 0)
)

// DirNames names the directions N, NE, SE, S, SW, NW.
var DirNames = [NumDirs]string{"N", "NE", "SE", "S", "SW", "NW"}

// dirDelta is each direction's step (Δc, Δr).
var dirDelta = [NumDirs][2]int{{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}

// Opposite returns the direction opposite to d.
func Opposite(d int) int { return (d + 3) % NumDirs }

// Vertex is the lattice coordinate pair of a board vertex.
type Vertex struct{ C, R int }

// Ring returns max(|c|, |r|, |c+r|), the vertex's distance from the centre
// in lattice steps.
func (v Vertex) Ring() int { return max(abs(v.C), abs(v.R), abs(v.C+v.R)) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// board tables, built once at package initialisation from pure arithmetic.
var (
	vertices [NumVertices]Vertex
	// neighbour[v][d] is the vertex one step from v along d, or NoVertex.
	neighbour [NumVertices][NumDirs]int16
)

func init() {
	n := 0
	for c := -Radius; c <= Radius; c++ {
		for r := -Radius; r <= Radius; r++ {
			if (Vertex{c, r}).Ring() <= Radius {
				vertices[n] = Vertex{c, r}
				n++
			}
		}
	}
	for v := range vertices {
		for d := range NumDirs {
			neighbour[v][d] = int16(VertexIndex(Vertex{vertices[v].C + dirDelta[d][0], vertices[v].R + dirDelta[d][1]}))
		}
	}
	for i, s := range slotVertices {
		slotIndex[VertexIndex(s)] = int8(i) + 1
	}
}

// VertexIndex returns the index of v on the board, or NoVertex if v is off
// the board.
func VertexIndex(v Vertex) int {
	if v.Ring() > Radius {
		return NoVertex
	}
	// Column c holds the vertices with r in [max(−7, −7−c), min(7, 7−c)].
	base := 0
	for c := -Radius; c < v.C; c++ {
		base += columnLen(c)
	}
	return base + v.R - max(-Radius, -Radius-v.C)
}

func columnLen(c int) int { return 2*Radius + 1 - abs(c) }

// VertexAt returns the coordinates of vertex index i in [0, NumVertices).
func VertexAt(i int) Vertex { return vertices[i] }

// Neighbour returns the index of the vertex one step from vertex v along
// direction d, or NoVertex if that step leaves the board.
func Neighbour(v, d int) int { return int(neighbour[v][d]) }

// Obstacle kinds, in the package doc's order; also the index of a player's
// obstacle track and of a marker.
const (
	Tree = iota
	Log
	Rock
	NumKinds
)

// KindNames names the obstacle kinds.
var KindNames = [NumKinds]string{"tree", "log", "rock"}

// KindValue is the value printed on each kind's value face, in points:
// tree 1, log 3, rock 2 (package doc, "Components").
var KindValue = [NumKinds]int{1, 3, 2}

// slotVertices lists the 18 token slots: inner (ring 2, logs), middle
// (ring 4, trees), outer (ring 6, rocks), each level clockwise from the top.
var slotVertices = [NumSlots]Vertex{
	{1, -2}, {2, -1}, {1, 1}, {-1, 2}, {-2, 1}, {-1, -1},
	{0, -4}, {4, -4}, {4, 0}, {0, 4}, {-4, 4}, {-4, 0},
	{3, -6}, {6, -3}, {3, 3}, {-3, 6}, {-6, 3}, {-3, -3},
}

// slotIndex[v] is 1 + the slot at vertex v, or 0 if v holds no slot.
var slotIndex [NumVertices]int8

// SlotVertex returns the vertex index of token slot s in [0, NumSlots).
func SlotVertex(s int) int { return VertexIndex(slotVertices[s]) }

// SlotAt returns the token slot at vertex index v, or −1 if v has none.
func SlotAt(v int) int { return int(slotIndex[v]) - 1 }

// SlotKind returns the obstacle kind of the tokens of slot s's level:
// logs inside, trees in the middle, rocks outside.
func SlotKind(s int) int {
	switch s / 6 {
	case 0:
		return Log
	case 1:
		return Tree
	}
	return Rock
}

// startVertices are the six ring-1 vertices where the hikers start.
var startVertices = [6]Vertex{{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}
