// Command pycatalog writes python/flickarena/_catalog.py, Python's list of the games, from
// the Go catalogue ([catalog.Python]). Run it from the repository's root:
//
//	go run ./internal/catalog/pycatalog
//
// or with a path to write elsewhere (make checkgenerate compares the two).
package main

import (
	"fmt"
	"os"

	"github.com/flickarena/flickarena/internal/catalog"
)

func main() {
	path := catalog.PythonFile
	if len(os.Args) > 1 {
		path = os.Args[1]
	}
	data, err := catalog.Python()
	if err == nil {
		err = os.WriteFile(path, data, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "pycatalog:", err)
		os.Exit(1)
	}
}
