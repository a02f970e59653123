package verdict;

import java.io.Serializable;

/**
 * A class the security tests put on an allowlist. Its package shares no prefix with the service interface's, so
 * Dubbo's automatic trust of the interface's package never admits it.
 */
public class Listed implements Serializable {
    private static final long serialVersionUID = 1L;
    public String text = "listed";
}
