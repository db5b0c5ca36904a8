import HapticPolicy

/// Terminal columns a string occupies: East Asian wide and fullwidth characters (and
/// emoji) take two, combining marks and zero-width characters none. Used to align text
/// tables whose cells are written in Japanese, Russian or English alike.
package func displayWidth(_ text: String) -> Int {
    var width = 0
    for scalar in text.unicodeScalars {
        width += columns(of: scalar)
    }
    return width
}

/// Pads `text` with spaces on the right to `width` display columns.
package func padded(_ text: String, to width: Int) -> String {
    let missing = width - displayWidth(text)
    return missing > 0 ? text + String(repeating: " ", count: missing) : text
}

private func columns(of scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v == 0 || v == 0x200B || v == 0x200C || v == 0x200D || v == 0xFEFF { return 0 }
    if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if scalar.properties.isEmojiPresentation { return 2 }
    switch v {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
        return 2
    default:
        return 1
    }
}
