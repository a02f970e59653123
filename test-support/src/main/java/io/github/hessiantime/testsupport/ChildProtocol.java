package io.github.hessiantime.testsupport;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UnsupportedEncodingException;
import java.nio.charset.StandardCharsets;

/**
 * The child side of {@link ChildJvm}'s line protocol, for a child's {@code main}: one ready line, then one answer
 * line per command line read from stdin. Protocol lines go to the real stdout (even if the application redirects
 * {@code System.out}) with the prefix {@value #PREFIX}; whatever else the child prints is log.
 */
public final class ChildProtocol {

    public static final String PREFIX = "@@ ";

    /** Handles one command (already split into words); returns the answer, starting with OK or FAIL. */
    public interface Commands {
        String execute(String[] words) throws Exception;
    }

    private final PrintStream out;

    public ChildProtocol() {
        try {
            this.out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
        } catch (UnsupportedEncodingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes one protocol line (the ready line, or an unsolicited status line). */
    public void line(String text) {
        out.println(PREFIX + oneLine(text));
    }

    /**
     * Answers commands until stdin ends or a command equal to {@code exitCommand} was answered. A command that
     * throws is answered {@code FAIL} with the exception chain on one line.
     */
    public void serve(Commands commands, String exitCommand) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String command; (command = in.readLine()) != null; ) {
            String trimmed = command.trim();
            String answer;
            try {
                answer = commands.execute(trimmed.split("\\s+"));
            } catch (Throwable e) {
                answer = "FAIL " + describe(e);
                e.printStackTrace(); // to the child's log, for the whole trace
            }
            line(answer);
            if (trimmed.equals(exitCommand)) {
                return;
            }
        }
    }

    /** One line: line breaks become {@code |}. */
    public static String oneLine(String text) {
        return text.replace('\n', '|').replace('\r', ' ');
    }

    /** The exception chain, class and message of each cause, on one line. */
    public static String describe(Throwable e) {
        StringBuilder text = new StringBuilder();
        for (Throwable t = e; t != null && text.length() < 2000; t = t.getCause()) {
            text.append(t.getClass().getName()).append(": ").append(t.getMessage()).append(" <- ");
        }
        return oneLine(text.toString());
    }
}
