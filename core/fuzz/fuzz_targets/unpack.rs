//! The packed boundary: the first two bytes are the announced string count, the rest the
//! buffer the extension would hand over. `unpack` and `unpack_blocks` return strings or a
//! typed error; unpacked blocks are then visited (first visit and a revisit of their reverse).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sincelast_core::classify::site::SiteState;
use sincelast_core::report::packed::{unpack, unpack_blocks};
use sincelast_core::visit::{visit, VisitInput};

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let count = usize::from(u16::from_le_bytes([data[0], data[1]]));
    let bytes = &data[2..];
    if let Ok(strings) = unpack(bytes, count) {
        assert_eq!(strings.len(), count);
    }
    let Ok(blocks) = unpack_blocks(bytes, count) else {
        return;
    };
    assert_eq!(blocks.len() * 2, count);
    let mut site = SiteState::new();
    let url = "https://fuzz.example/";
    visit(&VisitInput::first(url, Some(0), &blocks), &mut site);
    let mut reversed = blocks.clone();
    reversed.reverse();
    visit(
        &VisitInput::revisit(url, (0, &blocks), (3600, &reversed)),
        &mut site,
    );
});
