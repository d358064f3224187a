//go:build unix

package input

import (
	"os"
	"syscall"
)

// openFile opens path for reading without blocking on a FIFO.
func openFile(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
