package org.fabricsim.config;

import java.util.List;

/**
 * One {@code key=value} given on the command line, with the words that gave it ({@code --set k=v}, or an
 * option such as {@code --topology tree648}) so that an error names what the user actually typed.
 */
public record Setting(String text, String origin) {
    /** A {@code --set key=value}. */
    public static Setting set(String text) {
        return new Setting(text, "--set " + text);
    }

    public static List<Setting> set(List<String> texts) {
        return texts.stream().map(Setting::set).toList();
    }
}
