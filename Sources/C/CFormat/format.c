#include "CFormat.h"

#include <stdio.h>

int backgrounder_format_fixed(char *buffer, size_t size, double value, int precision, int always_sign) {
    return snprintf(buffer, size, always_sign ? "%+.*f" : "%.*f", precision, value);
}
