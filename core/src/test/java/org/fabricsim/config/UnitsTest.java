package org.fabricsim.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.InputException;
import org.junit.jupiter.api.Test;

class UnitsTest {
    @Test
    void bandwidths() {
        assertEquals(40_000_000_000L, Units.bandwidth("40Gbps"));
        assertEquals(13_500_000_000L, Units.bandwidth("13.5 Gb/s"));
        assertEquals(200_000_000_000L, Units.bandwidth("200gbps"));
        assertEquals(1_000L, Units.bandwidth("1Kbps"));
    }

    @Test
    void times() {
        assertEquals(100_000L, Units.time("100ns"));
        assertEquals(1_500_000L, Units.time("1.5us"));
        assertEquals(1_500_000L, Units.time("1.5µs"));
        assertEquals(5_000_000_000_000L, Units.time("5s"));
        assertEquals(7L, Units.time("7ps"));
        assertEquals(1_000_000_000L, Units.time("1ms"));
    }

    @Test
    void sizes() {
        assertEquals(2048L, Units.size("2KiB"));
        assertEquals(4000L, Units.size("4KB"));
        assertEquals(65536L, Units.size("65536B"));
        assertEquals(1L << 20, Units.size("1MiB"));
    }

    @Test
    void formatting() {
        assertEquals("40Gbps", Units.formatBandwidth(40_000_000_000L));
        assertEquals("13.5Gbps", Units.formatBandwidth(13_500_000_000L));
        assertEquals("100ns", Units.formatTime(100_000L));
        assertEquals("2KiB", Units.formatSize(2048));
    }

    @Test
    void mistakesSayWhatIsWrong() {
        String unknown = assertThrows(InputException.class, () -> Units.bandwidth("40Gbs")).getMessage();
        assertTrue(unknown.contains("unknown unit 'Gbs'") && unknown.contains("Gbps"), unknown);
        String none = assertThrows(InputException.class, () -> Units.time("100")).getMessage();
        assertTrue(none.contains("a unit is required"), none);
        String nan = assertThrows(InputException.class, () -> Units.size("KiB")).getMessage();
        assertTrue(nan.contains("expected a number"), nan);
        String fraction = assertThrows(InputException.class, () -> Units.time("0.5ps")).getMessage();
        assertTrue(fraction.contains("not a whole number of ps"), fraction);
        String cross = assertThrows(InputException.class, () -> Units.size("40Gbps")).getMessage();
        assertTrue(cross.contains("unknown unit"), cross);
    }
}
