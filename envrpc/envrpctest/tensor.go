package envrpctest

import (
	"encoding/binary"
	"math"

	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// Tensor returns the wire tensor of values with shape, encoded
// little-endian element by element (independently of the server's own
// encoder, so that tests check it).
func Tensor[T bool | int32 | int64 | uint64 | float32](values []T, shape ...int64) *flickv1.Tensor {
	t := &flickv1.Tensor{Shape: shape}
	for _, x := range values {
		switch v := any(x).(type) {
		case bool:
			t.Dtype = flickv1.DType_DTYPE_BOOL
			if v {
				t.Data = append(t.Data, 1)
			} else {
				t.Data = append(t.Data, 0)
			}
		case int32:
			t.Dtype = flickv1.DType_DTYPE_INT32
			t.Data = binary.LittleEndian.AppendUint32(t.Data, uint32(v))
		case int64:
			t.Dtype = flickv1.DType_DTYPE_INT64
			t.Data = binary.LittleEndian.AppendUint64(t.Data, uint64(v))
		case uint64:
			t.Dtype = flickv1.DType_DTYPE_UINT64
			t.Data = binary.LittleEndian.AppendUint64(t.Data, v)
		case float32:
			t.Dtype = flickv1.DType_DTYPE_FLOAT32
			t.Data = binary.LittleEndian.AppendUint32(t.Data, math.Float32bits(v))
		}
	}
	if len(values) == 0 {
		var z T
		switch any(z).(type) {
		case bool:
			t.Dtype = flickv1.DType_DTYPE_BOOL
		case int32:
			t.Dtype = flickv1.DType_DTYPE_INT32
		case int64:
			t.Dtype = flickv1.DType_DTYPE_INT64
		case uint64:
			t.Dtype = flickv1.DType_DTYPE_UINT64
		case float32:
			t.Dtype = flickv1.DType_DTYPE_FLOAT32
		}
	}
	return t
}

// DecodeFloat32 decodes the data of a DTYPE_FLOAT32 tensor.
func DecodeFloat32(t *flickv1.Tensor) []float32 {
	d := t.GetData()
	out := make([]float32, len(d)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(d[4*i:]))
	}
	return out
}

// DecodeInt32 decodes the data of a DTYPE_INT32 tensor.
func DecodeInt32(t *flickv1.Tensor) []int32 {
	d := t.GetData()
	out := make([]int32, len(d)/4)
	for i := range out {
		out[i] = int32(binary.LittleEndian.Uint32(d[4*i:]))
	}
	return out
}
