#include <ft2build.h>
#include FT_FREETYPE_H

// FreeType's load flags are macros Swift does not import (FT_LOAD_TARGET_ is function-like).
// SDL_ttf's TTF_HINTING_LIGHT loads glyphs with FT_LOAD_DEFAULT | FT_LOAD_TARGET_LIGHT, and blended
// text adds FT_LOAD_COLOR; text in Flipbook loads them the same way.
static const FT_Int32 flipbook_ft_load_light = FT_LOAD_DEFAULT | FT_LOAD_TARGET_LIGHT;
static const FT_Int32 flipbook_ft_load_light_color = FT_LOAD_DEFAULT | FT_LOAD_TARGET_LIGHT | FT_LOAD_COLOR;
