package envrpc

import (
	"encoding/binary"
	"fmt"
	"math"
	"unsafe"

	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// Tensors travel as raw little-endian bytes. On a little-endian host (amd64,
// arm64: every platform we build for) a slice's memory already is the wire
// format, so encoding and decoding are one copy; a big-endian host takes the
// element-by-element path.

// littleEndian reports whether the host stores integers little-endian.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// elem is the set of Go element types that travel in a Tensor.
type elem interface {
	bool | int32 | int64 | uint64 | float32
}

// dtypeOf returns the wire dtype of T.
func dtypeOf[T elem]() flickv1.DType {
	var z T
	switch any(z).(type) {
	case bool:
		return flickv1.DType_DTYPE_BOOL
	case int32:
		return flickv1.DType_DTYPE_INT32
	case int64:
		return flickv1.DType_DTYPE_INT64
	case uint64:
		return flickv1.DType_DTYPE_UINT64
	default:
		return flickv1.DType_DTYPE_FLOAT32
	}
}

// dtypeSize returns the size in bytes of one element of d, or 0 for an
// unknown dtype.
func dtypeSize(d flickv1.DType) int {
	switch d {
	case flickv1.DType_DTYPE_BOOL:
		return 1
	case flickv1.DType_DTYPE_INT32, flickv1.DType_DTYPE_FLOAT32:
		return 4
	case flickv1.DType_DTYPE_INT64, flickv1.DType_DTYPE_UINT64:
		return 8
	}
	return 0
}

// rawBytes returns the memory of s as bytes (no copy). Go stores a bool as
// one byte, 0 or 1, which is the wire format of DTYPE_BOOL.
func rawBytes[T elem](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	var z T
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(z)))
}

// appendLE appends the little-endian encoding of s to dst.
func appendLE[T elem](dst []byte, s []T) []byte {
	if littleEndian {
		return append(dst, rawBytes(s)...)
	}
	for _, x := range s {
		switch v := any(x).(type) {
		case bool:
			if v {
				dst = append(dst, 1)
			} else {
				dst = append(dst, 0)
			}
		case int32:
			dst = binary.LittleEndian.AppendUint32(dst, uint32(v))
		case int64:
			dst = binary.LittleEndian.AppendUint64(dst, uint64(v))
		case uint64:
			dst = binary.LittleEndian.AppendUint64(dst, v)
		case float32:
			dst = binary.LittleEndian.AppendUint32(dst, math.Float32bits(v))
		}
	}
	return dst
}

// decodeLE fills dst from src, the little-endian encoding of len(dst)
// elements (the caller checked the length). Bool bytes must be 0 or 1 (the
// caller checked with checkBools).
func decodeLE[T elem](dst []T, src []byte) {
	if littleEndian {
		copy(rawBytes(dst), src)
		return
	}
	for i := range dst {
		var v any
		switch any(dst[i]).(type) {
		case bool:
			v = src[i] == 1
		case int32:
			v = int32(binary.LittleEndian.Uint32(src[4*i:]))
		case int64:
			v = int64(binary.LittleEndian.Uint64(src[8*i:]))
		case uint64:
			v = binary.LittleEndian.Uint64(src[8*i:])
		case float32:
			v = math.Float32frombits(binary.LittleEndian.Uint32(src[4*i:]))
		}
		dst[i] = v.(T)
	}
}

// tensor returns a Tensor of s with shape, its data appended to *buf (a
// buffer reused across calls, which the Tensor then aliases).
func tensor[T elem](buf *[]byte, s []T, shape ...int) *flickv1.Tensor {
	start := len(*buf)
	*buf = appendLE(*buf, s)
	sh := make([]int64, len(shape))
	for i, n := range shape {
		sh[i] = int64(n)
	}
	return &flickv1.Tensor{Dtype: dtypeOf[T](), Shape: sh, Data: (*buf)[start:len(*buf):len(*buf)]}
}

// checkTensor returns an InvalidArgument error naming field unless t holds
// exactly the given dtype and shape, with bool bytes 0 or 1. A missing
// tensor is accepted only when the shape has no element (a game without
// continuous dims needs no continuous tensor).
func checkTensor(t *flickv1.Tensor, field string, dtype flickv1.DType, shape ...int) error {
	n := 1
	for _, d := range shape {
		n *= d
	}
	if t == nil {
		if n == 0 {
			return nil
		}
		return invalidf(field, "missing; want %v of %v", dtype, shape)
	}
	if t.GetDtype() != dtype {
		return invalidf(field, "dtype %v, want %v", t.GetDtype(), dtype)
	}
	if !sameShape(t.GetShape(), shape) {
		return invalidf(field, "shape %v, want %v", t.GetShape(), shape)
	}
	if want := n * dtypeSize(dtype); len(t.GetData()) != want {
		return invalidf(field, "%d bytes of data, want %d for shape %v of %v", len(t.GetData()), want, shape, dtype)
	}
	if dtype == flickv1.DType_DTYPE_BOOL {
		return checkBools(t.GetData(), field)
	}
	return nil
}

// sameShape reports whether got equals want.
func sameShape(got []int64, want []int) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i] != int64(want[i]) {
			return false
		}
	}
	return true
}

// checkBools returns an error unless every byte of data is 0 or 1.
func checkBools(data []byte, field string) error {
	for i, b := range data {
		if b > 1 {
			return invalidf(field, "element %d is %d; a bool is 0 or 1", i, b)
		}
	}
	return nil
}

// checkFinite returns an error naming the row and column of the first
// non-finite value of x, a [rows × width] matrix.
func checkFinite(x []float32, width int, field string) error {
	for k, v := range x {
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			return rowInvalidf(field, k/width, fmt.Sprintf("column %d", k%width), "env %d column %d is %v; values must be finite", k/width, k%width, v)
		}
	}
	return nil
}
