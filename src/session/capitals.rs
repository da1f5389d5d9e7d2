//! A sentence's first letter in capitals, for the app's five languages (English,
//! Portuguese, Spanish, Russian; Japanese has no case), without Unicode's full case
//! tables: `char::to_uppercase` would add about 15 KB to the main wasm (7 KB gzipped;
//! docs/SIZE.md) for letters no translation starts with.

/// `c` in capitals when it is a lower-case letter of Basic Latin, Latin-1 (à … þ, but
/// not ß or ÿ, whose capitals are not one letter of that block) or Cyrillic (а … я,
/// ѐ … џ); any other character unchanged.
pub fn upper(c: char) -> char {
    let code = u32::from(c);
    let shifted = match code {
        0x61..=0x7A | 0xE0..=0xF6 | 0xF8..=0xFE | 0x430..=0x44F => code - 0x20,
        0x450..=0x45F => code - 0x50,
        _ => code,
    };
    char::from_u32(shifted).unwrap_or(c)
}

/// `text` with its first letter in capitals (a place that starts a sentence): see
/// [`upper`]. Empty text stays empty.
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => {
            let mut out = String::with_capacity(text.len());
            out.push(upper(first));
            out.push_str(chars.as_str());
            out
        }
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_letters_of_each_language() {
        assert_eq!(capitalized("the move 3"), "The move 3");
        assert_eq!(capitalized("é inválido"), "É inválido");
        assert_eq!(capitalized("ñandú"), "Ñandú");
        assert_eq!(capitalized("ход 3"), "Ход 3");
        assert_eq!(capitalized("ёлка"), "Ёлка");
        assert_eq!(capitalized("手 3"), "手 3");
        assert_eq!(capitalized("Already"), "Already");
        assert_eq!(capitalized(""), "");
    }

    #[test]
    fn agrees_with_unicode_where_it_changes_a_letter() {
        for c in (0u32..0x500).filter_map(char::from_u32) {
            let mut full = c.to_uppercase();
            let ours = upper(c);
            if ours != c {
                assert_eq!(full.next(), Some(ours), "{c:?}");
                assert_eq!(full.next(), None, "{c:?}");
            }
        }
        // The letters of the five languages all change.
        for c in "abcxyzàáâãçéêíóôõúüñабвгдежзийклмнопрстуфхцчшщъыьэюяё".chars()
        {
            assert_ne!(upper(c), c, "{c:?}");
        }
    }
}
