package verdict;

import java.io.Serializable;

/** A class the security tests put on a blocklist. */
public class Denied implements Serializable {
    private static final long serialVersionUID = 1L;
    public String text = "denied";
}
