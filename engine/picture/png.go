package picture

import "errors"

// PNG rasterizes the picture at its own size (Width x Height pixels).
// Placeholder until the rasterizer lands.
func (p *Picture) PNG() ([]byte, error) {
	return nil, errors.New("picture: PNG not implemented yet")
}
