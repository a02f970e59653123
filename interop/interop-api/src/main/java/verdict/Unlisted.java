package verdict;

import java.io.Serializable;

/** A serializable class on no list: refused under STRICT, admitted under WARN and DISABLE. */
public class Unlisted implements Serializable {
    private static final long serialVersionUID = 1L;
    public String text = "unlisted";
}
