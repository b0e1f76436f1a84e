package org.fabricsim.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.fabricsim.InputException;
import org.junit.jupiter.api.Test;

/** Width x speed -> bandwidth (DECISIONS D166). */
class IbLinkRateTest {
    private static final long GBPS = 1_000_000_000L;

    @Test
    void nominalLaneRatesTimesWidth() {
        assertEquals(10 * GBPS, IbLinkRate.bps("4xSDR"));
        assertEquals(20 * GBPS, IbLinkRate.bps("4xDDR"));
        assertEquals(40 * GBPS, IbLinkRate.bps("4xQDR"));
        assertEquals(40 * GBPS, IbLinkRate.bps("4xFDR10"));
        assertEquals(56 * GBPS, IbLinkRate.bps("4xFDR"));
        assertEquals(100 * GBPS, IbLinkRate.bps("4xEDR"));
        assertEquals(200 * GBPS, IbLinkRate.bps("4xHDR"));
        assertEquals(400 * GBPS, IbLinkRate.bps("4xNDR"));
        assertEquals(800 * GBPS, IbLinkRate.bps("4xXDR"));
        assertEquals(2_500_000_000L, IbLinkRate.bps("1xSDR"));
        assertEquals(168 * GBPS, IbLinkRate.bps("12xFDR"));
        assertEquals(80 * GBPS, IbLinkRate.bps("8xQDR"));
        assertEquals(200 * GBPS, IbLinkRate.bps("2xNDR"));
    }

    @Test
    void labelsPreferFourLanesThenTheOldestSpeed() {
        assertEquals("4xQDR", IbLinkRate.label(40 * GBPS)); // not 4xFDR10, 8xDDR
        assertEquals("4xSDR", IbLinkRate.label(10 * GBPS)); // not 1xQDR
        assertEquals("4xHDR", IbLinkRate.label(200 * GBPS)); // not 2xNDR, 1xXDR
        assertEquals("1xSDR", IbLinkRate.label(2_500_000_000L));
        assertEquals("8xQDR", IbLinkRate.label(80 * GBPS));
        assertEquals("12xFDR", IbLinkRate.label(168 * GBPS));
        assertNull(IbLinkRate.label(13_500_000_000L));
        for (String token : new String[] {"1xDDR", "4xFDR", "12xEDR", "2xHDR", "8xNDR"}) {
            assertEquals(IbLinkRate.bps(token), IbLinkRate.bps(IbLinkRate.label(IbLinkRate.bps(token))), token);
        }
    }

    @Test
    void unknownWidthsAndSpeeds() {
        assertEquals("unknown link width in '3xQDR' (ibnetdiscover prints 1x, 2x, 4x, 8x or 12x followed by the"
                + " speed, e.g. 4xQDR)", assertThrows(InputException.class, () -> IbLinkRate.bps("3xQDR")).getMessage());
        assertEquals("unknown link width in '??' (ibnetdiscover prints 1x, 2x, 4x, 8x or 12x followed by the"
                + " speed, e.g. 4xQDR)", assertThrows(InputException.class, () -> IbLinkRate.bps("??")).getMessage());
        assertEquals("unknown link speed in '4x???' (use one of SDR, DDR, QDR, FDR10, FDR, EDR, HDR, NDR, XDR)",
                assertThrows(InputException.class, () -> IbLinkRate.bps("4x???")).getMessage());
    }
}
