// Command pycatalogue writes python/flickarena/_catalogue.py, Python's list of the games, from
// the Go catalogue ([catalogue.Python]). Run it from the repository's root:
//
//	go run ./internal/catalogue/pycatalogue
//
// or with a path to write elsewhere (make checkgenerate compares the two).
package main

import (
	"fmt"
	"os"

	"github.com/flickarena/flickarena/internal/catalogue"
)

func main() {
	path := catalogue.PythonFile
	if len(os.Args) > 1 {
		path = os.Args[1]
	}
	data, err := catalogue.Python()
	if err == nil {
		err = os.WriteFile(path, data, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "pycatalogue:", err)
		os.Exit(1)
	}
}
