//go:build !linux

package main

// hugeHeap does nothing where huge pages cannot be asked for (see
// hugepages_linux.go).
func hugeHeap(inputBytes int64, memoryMB int) bool { return false }
