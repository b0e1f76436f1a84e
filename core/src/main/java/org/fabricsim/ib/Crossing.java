package org.fabricsim.ib;

/**
 * Where a part of a partitioned packet network sends the events that cross to another part: packet heads
 * (as the packet's six words, {@link PacketPool#word0}, since pools are per part) and credits, each with
 * the tie key its sender gave it, so the receiving part orders them exactly as a sequential run would
 * (DESIGN.md, "Packet engine").
 */
public interface Crossing {
    void packet(int toPart, long time, long tie, int target, long w0, long w1, long w2, long injectedPs,
            long tailPs, long w5);

    void credit(int toPart, long time, long tie, int target, long payload);
}
