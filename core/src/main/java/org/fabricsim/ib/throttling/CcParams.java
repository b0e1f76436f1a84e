package org.fabricsim.ib.throttling;

/**
 * InfiniBand congestion control as seed 002 models it (digest §1; docs/CONGESTION_CONTROL.md), its
 * parameters; defaults are Paper III Table I's (the test bed), every one a key of {@code packet.cc}.
 *
 * @param threshold the switch ports' threshold weight, 0 (never mark) … 15 (mark earliest)
 * @param thresholdUnitBytes how the weight maps to a fill (D140): 0 = (16 − w)/16 of the input buffer;
 *     otherwise (16 − w) times this many bytes
 * @param evaluation how a Port VL's fill is compared with the threshold (Paper I §3.2.1)
 * @param hysteresisBytes 0: one threshold (in above it, out below it); else the state is left only below the
 *     threshold minus this many bytes (Paper II: "more than one MTU")
 * @param victimMask whether ports that connect a CA may enter the congestion state without credits
 * @param packetSizeBlocks Packet_Size in 64-byte blocks: smaller packets are never marked
 * @param markingRate a packet leaving a congested Port VL is marked with probability 1/(Marking_Rate + 1); a
 *     fraction gives any probability (Paper V's "85 % of packets": 0.1765)
 * @param cctCoefficientPs CCT entry i = i² × this (Paper III: 7/106² µs)
 * @param cctEntries CCT size (at least 128)
 * @param cctiIncrease added to a flow's CCTI per BECN
 * @param cctiLimit CCTI's upper bound
 * @param cctiMin CCTI's lower bound
 * @param timerPs CCTI_Timer
 * @param perFlowTimer true: one timer per CCTI, restarted on each BECN (Paper I's model, CCFIT, EcoCC);
 *     false: one periodic timer per port and SL decrementing all its flows (the specification's wording)
 * @param serviceLevel true: one CCTI per port and SL (SL level); false: one per flow (QP level, Paper IV)
 * @param cnpBytes wire size of a congestion notification packet
 * @param cctTablePs the CCT's entries, picoseconds, instead of the formula (then {@code cctEntries} is its
 *     length); null: the formula
 * @param becnEveryBytes 0: a CNP answers every FECN-marked packet at once; else the BECN rides on the
 *     acknowledgement a reliable connection returns per this many bytes of a flow's data, sent when they have
 *     arrived if any of them was marked (one BECN per acknowledged message at most; D228)
 */
public record CcParams(int threshold, int thresholdUnitBytes, Evaluation evaluation, int hysteresisBytes, boolean victimMask,
        int packetSizeBlocks, double markingRate, long cctCoefficientPs, int cctEntries, int cctiIncrease, int cctiLimit,
        int cctiMin, long timerPs, boolean perFlowTimer, boolean serviceLevel, int cnpBytes, long[] cctTablePs,
        long becnEveryBytes) {

    /**
     * Paper III Table I: threshold 15, Marking_Rate 1, Packet_Size 8, CCTI_Timer 150 µs, CCT i²·7/106² µs; the
     * weight in 8 KiB units (w 15: 8 KiB, about four 2 KiB packets, Paper V's ITh High) and a 4 KiB hysteresis
     * (Low two packets; Paper II's two thresholds), calibrated on the test bed (D143).
     */
    public static final CcParams DEFAULTS = new CcParams(15, 8192, Evaluation.SUM, 4096, true, 8, 1, 623, 128, 1, 127, 0,
            150_000_000L, true, false, 64);

    /** Paper I's three ways of comparing the fill of the queues for a Port VL with the threshold. */
    public enum Evaluation {
        /** Each input's queue for the port on its own. */
        PER_VOQ("per-voq"),
        /** The sum over the inputs. */
        SUM("sum"),
        /** The sum against the threshold divided by the contributing inputs. */
        SUM_PER_CONTRIBUTOR("sum-per-contributor");

        private final String key;

        Evaluation(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }
    }

    public CcParams {
        if (threshold < 0 || threshold > 15) {
            throw new IllegalArgumentException("threshold weight must be in 0..15: " + threshold);
        }
        if (thresholdUnitBytes < 0 || hysteresisBytes < 0 || packetSizeBlocks < 0 || !(markingRate >= 0) || cctiIncrease < 0 || cctiMin < 0) {
            throw new IllegalArgumentException("congestion-control counts must be >= 0");
        }
        if (cctTablePs != null) {
            cctTablePs = cctTablePs.clone();
            if (cctTablePs.length != cctEntries || cctEntries < 1) {
                throw new IllegalArgumentException("a CCT table of " + cctTablePs.length + " entries for " + cctEntries);
            }
            for (long v : cctTablePs) {
                if (v < 0) {
                    throw new IllegalArgumentException("CCT entries must be >= 0: " + v);
                }
            }
        }
        if ((cctTablePs == null && cctEntries < 128) || cctiLimit >= cctEntries || cctiMin > cctiLimit) {
            throw new IllegalArgumentException("CCT of " + cctEntries + " entries (>= 128) needs CCTI_Min <= CCTI_Limit"
                    + " < entries: " + cctiMin + ", " + cctiLimit);
        }
        if (becnEveryBytes < 0) {
            throw new IllegalArgumentException("BECN acknowledgement size >= 0 required");
        }
        if (cctCoefficientPs < 0 || timerPs <= 0 || cnpBytes < 1) {
            throw new IllegalArgumentException("CCT coefficient >= 0, timer > 0 and CNP size >= 1 byte required");
        }
    }

    /** The parameters with the CCT of the formula (no table). */
    public CcParams(int threshold, int thresholdUnitBytes, Evaluation evaluation, int hysteresisBytes,
            boolean victimMask, int packetSizeBlocks, double markingRate, long cctCoefficientPs, int cctEntries,
            int cctiIncrease, int cctiLimit, int cctiMin, long timerPs, boolean perFlowTimer, boolean serviceLevel,
            int cnpBytes) {
        this(threshold, thresholdUnitBytes, evaluation, hysteresisBytes, victimMask, packetSizeBlocks, markingRate,
                cctCoefficientPs, cctEntries, cctiIncrease, cctiLimit, cctiMin, timerPs, perFlowTimer, serviceLevel,
                cnpBytes, null, 0);
    }

    /** The same with threshold weight {@code w} standing for a fill in units of {@code unitBytes} (0: the buffer). */
    public CcParams withThreshold(int w, int unitBytes) {
        return new CcParams(w, unitBytes, evaluation, hysteresisBytes, victimMask, packetSizeBlocks, markingRate,
                cctCoefficientPs, cctEntries, cctiIncrease, cctiLimit, cctiMin, timerPs, perFlowTimer, serviceLevel,
                cnpBytes, cctTablePs, becnEveryBytes);
    }

    /** What summary.json says about congestion control. */
    public String describe() {
        return "ib-cc(threshold " + threshold + (thresholdUnitBytes == 0 ? "/16 of the buffer " : " x "
                + thresholdUnitBytes + " B ") + evaluation.key() + (hysteresisBytes > 0 ? ", hysteresis "
                + hysteresisBytes + " B" : "") + ", marking-rate " + (markingRate == Math.rint(markingRate)
                ? Long.toString((long) markingRate) : Double.toString(markingRate)) + ", packet-size " + packetSizeBlocks
                + (cctTablePs == null ? ", CCT i^2 x " + cctCoefficientPs + " ps (" + cctEntries + ")" : ", CCT table of "
                + cctEntries + " entries up to " + org.fabricsim.config.Units.formatTime(cctTablePs[cctEntries - 1]))
                + ", CCTI +" + cctiIncrease + " "
                + cctiMin + ".." + cctiLimit + ", timer " + org.fabricsim.config.Units.formatTime(timerPs)
                + (perFlowTimer ? " per CCTI" : " per port SL") + ", " + (serviceLevel ? "SL" : "QP") + " level"
                + (becnEveryBytes > 0 ? ", BECN on the acknowledgement of every " + becnEveryBytes + " B" : "") + ")";
    }

    /** The fill (bytes of a buffer of {@code bufferBytes}) at which a Port VL is over the threshold (D140). */
    public long thresholdBytes(long bufferBytes) {
        if (threshold == 0) {
            return Long.MAX_VALUE;
        }
        return thresholdUnitBytes == 0 ? bufferBytes * (16 - threshold) / 16 : (long) (16 - threshold) * thresholdUnitBytes;
    }

    /** CCT entry {@code i}: the injection rate delay, picoseconds (Paper III §V: i²·7/106² µs). */
    public long ird(int i) {
        return cctTablePs != null ? cctTablePs[i] : (long) i * i * cctCoefficientPs;
    }
}
