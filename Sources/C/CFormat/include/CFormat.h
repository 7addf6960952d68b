#ifndef BACKGROUNDER_CFORMAT_H
#define BACKGROUNDER_CFORMAT_H

#include <stddef.h>

/// Writes `value` as printf's `%.*f` (or `%+.*f` when `always_sign` is not 0) with `precision`
/// decimals into `buffer`, at most `size` bytes with the terminating NUL; returns the length
/// the whole text needs, as snprintf does. Swift calls it without building a va_list, whose
/// boxing of each argument cost more than the formatting itself.
int backgrounder_format_fixed(char *buffer, size_t size, double value, int precision, int always_sign);

#endif
