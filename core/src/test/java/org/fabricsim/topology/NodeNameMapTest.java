package org.fabricsim.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import org.fabricsim.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** infiniband-diags' node name map format. */
class NodeNameMapTest {
    private static NodeNameMap parse(String text) throws IOException {
        return NodeNameMap.parse("names.map", new StringReader(text));
    }

    @Test
    void quotedAndUnquotedNamesCommentsAndNumberBases() throws IOException {
        NodeNameMap m = parse("""
                # IB fabric, rack 3
                0x0002c90300a1b2c0 "leaf-01 (rack 3)"
                   0x0002C90300A1B2D0   spine-01   # a comment after an unquoted name

                0x0002c90300a1b2e0 "core" trailing words are ignored
                12345 "decimal"
                017 "octal"
                0xffffffffffffffff "all ones"
                """);
        assertEquals("leaf-01 (rack 3)", m.name(0x0002c90300a1b2c0L));
        assertEquals("spine-01", m.name(0x0002c90300a1b2d0L));
        assertEquals("core", m.name(0x0002c90300a1b2e0L));
        assertEquals("decimal", m.name(12345));
        assertEquals("octal", m.name(15));
        assertEquals("all ones", m.name(-1L));
        assertNull(m.name(1));
        assertEquals(6, m.size());
        assertEquals(0, NodeNameMap.none().size());
    }

    @Test
    void mistakesNameTheLine(@TempDir Path dir) {
        assertEquals("names.map:2: bad GUID 'leaf-01' (expected e.g. 0x0002c90300a1b2c0 followed by a name)",
                assertThrows(InputException.class, () -> parse("# map\nleaf-01 0x1\n")).getMessage());
        assertEquals("names.map:1: bad GUID '0x12g4' (expected e.g. 0x0002c90300a1b2c0 followed by a name)",
                assertThrows(InputException.class, () -> parse("0x12g4 \"a\"\n")).getMessage());
        assertEquals("names.map:1: bad GUID '0x1ffffffffffffffff' (expected e.g. 0x0002c90300a1b2c0 followed by a"
                + " name)", assertThrows(InputException.class, () -> parse("0x1ffffffffffffffff a\n")).getMessage());
        assertEquals("names.map:1: GUID 0x0000000000000012 has no name (a line is '<guid> \"<name>\"')",
                assertThrows(InputException.class, () -> parse("0x12   # nothing\n")).getMessage());
        assertEquals("names.map:3: GUID 0x0000000000000012 is mapped twice (first on line 1)",
                assertThrows(InputException.class, () -> parse("0x12 a\n0x13 b\n0x12 c\n")).getMessage());
        assertEquals(dir.resolve("none.map") + ": cannot read node name map (no such file)",
                assertThrows(InputException.class, () -> NodeNameMap.read(dir.resolve("none.map"))).getMessage());
    }
}
