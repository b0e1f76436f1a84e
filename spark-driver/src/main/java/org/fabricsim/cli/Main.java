package org.fabricsim.cli;

/** The {@code fabricsim} command line. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.out.println("fabricsim");
    }
}
