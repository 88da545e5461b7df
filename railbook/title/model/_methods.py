wrote /work/wt/titles-b/railbook/title/model/_methods.py
